import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainRender

/// A 3D render of the parcels with `--legend` at 640×480 uses the slices' legend rule: one heading
/// per network listed, in the networks' order, over that network's rows only; no row cut inside a
/// word, no two rows under one heading alike, the box inside the picture.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct ParcelsRenderLegendTests {
    @Test func headingsPerNetwork() throws {
        let atlas = try AtlasLibrary.open().atlas(named: "parcels")
        let request = try SceneRequest(["atlas": "parcels", "view": "lateral", "size": "640x480", "labels": "on", "legend": "on"])
        let (f, _, _) = try LabelCover.measure(request)
        let legend = try #require(f.legend)
        #expect(PixelRect(x: 0, y: 0, width: 640, height: 480).contains(legend.box), "legend \(legend.box)")
        #expect(LegendTableCheck.problems(legend).isEmpty, "\(LegendTableCheck.problems(legend))")
        let entries = legend.rows.compactMap(\.entry)
        #expect(entries.count >= 10, "\(entries.count) rows")
        var expected: [String] = []
        for entry in entries {
            let group = try #require(entry.group, "\(entry.name) has no heading")
            if expected.last != group { expected.append(group) }
        }
        #expect(legend.rows.compactMap(\.heading) == expected)
        // The headings in the networks' published order, each the network of the rows under it.
        let order = try expected.map { heading in
            try #require(atlas.regions.first { $0.networkHeading == heading }?.networkIndex, "\(heading) is no network")
        }
        #expect(order == order.sorted() && Set(order).count == order.count, "\(expected)")
        var current: String?
        for row in legend.rows {
            if let h = row.heading { current = h } else if let entry = row.entry {
                #expect(entry.group == current, "\(entry.name) under \(current ?? "no heading")")
            }
        }
    }

    /// When not every parcel fits, each network seen still keeps its heading (its largest parcel
    /// is kept first), as the labels name each network's largest parcel.
    @Test(arguments: ["lateral", "medial"]) func everyNetworkInViewHasAHeading(view: String) throws {
        let request = try SceneRequest(["atlas": "parcels", "view": view, "size": "640x480", "labels": "on", "legend": "on"])
        var (f, frame, context) = try LabelCover.measure(request)
        let legend = try #require(f.legend)
        let index = try frame.indexImage(context: context)
        var seen = Set<String>()
        for id in Set(index.ids) where id != 0 {
            if let heading = frame.scene.target(id: id)?.region?.networkHeading { seen.insert(heading) }
        }
        #expect(seen.count >= 5, "\(seen)")
        #expect(Set(legend.rows.compactMap(\.heading)) == seen)
    }
}
