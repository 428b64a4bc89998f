import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainRender

/// `pick` (and `/api/pick`, which shares the answer) says `[histology]` only where the ex vivo label
/// covers the picked vertex, like `where` at a voxel.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct PickProvenanceTests {
    @Test func pickedBrodmannAreasRestOnHistologyOnlyInsideTheExVivoLabel() throws {
        let library = BundledAtlas.assets!.library
        let brodmann = try library.atlas(named: "brodmann")
        let histology = try library.atlas(named: AnswerProvenance.histologyAtlas)
        let exVivo = try histology.surfaceLabels(.left).regionIds
        let request = try SceneRequest(["atlas": "brodmann", "view": "lateral", "hemi": "left", "size": "512x384", "shading": "flat"])
        var inside = 0, outside = 0
        // Two rows across the frontal, central and occipital cortex of the lateral view.
        for y in [150, 190] {
            for x in stride(from: 40, to: 480, by: 10) {
                let report = try RenderJobs.pick(request, data: nil, x: x, y: y)
                guard let picked = report.region?.base, let vertex = report.vertex else { continue }
                let area = try #require(brodmann.region(id: picked.id))
                guard area.provenance?.kind == .histology else {
                    #expect(picked.provenance == area.provenance, "(\(x), \(y)) \(area.displayName)")
                    continue
                }
                let labels = AnswerProvenance.histologyLabels(for: area)
                let covered = histology.region(id: Int(exVivo[vertex])).map { labels.contains($0.sourceLabel) } ?? false
                let kind = try #require(picked.provenance?.kind)
                #expect((kind == .histology) == covered, "(\(x), \(y)) \(area.displayName) vertex \(vertex): \(kind)")
                if covered { inside += 1 } else {
                    outside += 1
                    #expect(kind == .landmarks)
                    // The JSON the CLI prints and the server sends carries the answer's provenance.
                    let object = try #require(try JSONSerialization.jsonObject(with: BrainJSON.encode(report)) as? [String: Any])
                    let region = try #require(object["region"] as? [String: Any])
                    #expect((region["provenance"] as? [String: Any])?["kind"] as? String == "landmarks")
                }
            }
        }
        print("picks on histology-based areas: \(inside) inside the ex vivo label, \(outside) outside")
        #expect(inside > 5 && outside > 5)
    }
}
