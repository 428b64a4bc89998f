import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainRender

/// What a label covers, read from the pick pass itself (not from `RegionMap`): the share of its
/// ink box, halo included, lying over pixels of a region with another name.
struct LabelCover {
    struct Figures {
        /// Per placement: its text and the share of its box over another region.
        var shares: [(name: String, share: Double)] = []
        /// Regions covering at least `RegionLabels.namedShare` of the picture whose name is not written.
        var unnamed: [String] = []
        /// The placements measured.
        var labels: RegionLabels?
        var worst: Double { shares.map(\.share).max() ?? 0 }
    }

    /// The figures of one decorated frame.
    static func measure(_ request: SceneRequest) throws -> (Figures, DrawnFrame, GLContext) {
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let index = try frame.indexImage(context: context)
        let labels = try #require(try frame.annotations(context: context)?.labels)
        let scene = frame.scene
        var names: [UInt32: String?] = [:]
        func name(_ id: UInt32) -> String? {
            if let known = names[id] { return known }
            let found = id == 0 ? nil : scene.target(id: id)?.region?.labelName
            names[id] = found
            return found
        }
        var figures = Figures()
        figures.labels = labels
        for p in labels.placements {
            let ink = p.line.ink, reach = labels.halo.reach
            let box = PixelRect(x: p.textX + ink.originX - reach, y: p.baseline + ink.originY - reach,
                                width: ink.width + 2 * reach, height: ink.height + 2 * reach)
            var foreign = 0
            for y in max(0, box.y)..<min(index.height, box.maxY) {
                for x in max(0, box.x)..<min(index.width, box.maxX) {
                    if let n = name(index.ids[y * index.width + x]), n != p.line.text { foreign += 1 }
                }
            }
            figures.shares.append((p.line.text, Double(foreign) / Double(box.width * box.height)))
        }
        // Per side: a name on both hemispheres must be written when either side is large enough.
        var sidePixels: [String: Int] = [:]
        for id in index.ids where id != 0 {
            if let region = scene.target(id: id)?.region { sidePixels["\(region.labelName)|\(region.hemisphere)", default: 0] += 1 }
        }
        let written = Set(labels.placements.map(\.line.text))
        let large = Double(request.width * request.height) * RegionLabels.namedShare
        for (key, n) in sidePixels where Double(n) >= large {
            let name = String(key.split(separator: "|")[0])
            if !written.contains(name) && !figures.unnamed.contains(name) { figures.unnamed.append(name) }
        }
        return (figures, frame, context)
    }
}

@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct LabelCoverTests {
    /// Crowded views where names used to go inside a neighbour (the pars triangularis with a
    /// quarter of its box over the pars opercularis at 640×480): no label's box lies over another
    /// region by more than the inside tolerance, and every large region is still named.
    @Test(arguments: [("gyri", "lateral", "", 640, false), ("gyri", "lateral", "", 640, true),
                      ("gyri", "lateral", "", 1024, false), ("sulci", "lateral", "inflated", 640, false)])
    func noLabelSitsOverANeighbour(_ atlas: String, _ view: String, _ surface: String, _ width: Int, _ legend: Bool) throws {
        var given = ["atlas": atlas, "view": view, "size": "\(width)x\(width * 3 / 4)", "labels": "on", "legend": legend ? "on" : "off"]
        if !surface.isEmpty { given["surface"] = surface }
        let (f, _, _) = try LabelCover.measure(try SceneRequest(given))
        #expect(f.shares.count >= 9)
        for (name, share) in f.shares {
            #expect(share <= RegionLabels.insideTolerance, "\(atlas) \(width): \(name) has \(Int(share * 100)) % of its box over a neighbour")
        }
        #expect(f.unnamed.isEmpty, "\(atlas) \(width): \(f.unnamed) not named")
        // The margin places keep the other rules: one em from the edges, leaders crossing no
        // other label and no other leader.
        let labels = try #require(f.labels)
        let inner = PixelRect(x: 0, y: 0, width: width, height: width * 3 / 4).inset(by: labels.size)
        for p in labels.placements {
            #expect(inner.contains(p.box), "\(p.line.text) at \(p.box)")
            guard p.leader else { continue }
            for seg in FreeSpace.segments(of: p) {
                for q in labels.placements where q.box != p.box {
                    #expect(!FreeSpace.segment(seg, crosses: q.box), "\(p.line.text)'s leader crosses \(q.line.text)")
                    if q.leader {
                        #expect(!FreeSpace.segments(of: q).contains { FreeSpace.segments(seg, $0, clearance: 1) }, "\(p.line.text) × \(q.line.text)")
                    }
                }
            }
        }
    }

    /// Every atlas, with labels and with labels and legend: no label over another region by more
    /// than the inside tolerance, and no region over 1 % of the picture unnamed. By default the
    /// lateral and medial views at 640×480 (the crowded size); when BRAINTUTOR_LABEL_SWEEP names a
    /// folder, every preset view (and lateral on the inflated surface) at 1024×768 and 640×480,
    /// with the table and every picture written there (about 9 minutes, debug build).
    @Test func sweep() async throws {
        let folderPath = ProcessInfo.processInfo.environment["BRAINTUTOR_LABEL_SWEEP"]
        let folder = folderPath.map { URL(fileURLWithPath: $0) }
        if let folder { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let atlases = BundledAtlas.assets!.library.catalog.atlases.map(\.name)
        let views = folder == nil ? ["lateral", "medial"] : ViewName.allCases.map(\.rawValue) + ["inflated"]
        let sizes = folder == nil ? [(640, 480)] : [(1024, 768), (640, 480)]
        var rows = ["atlas\tview\tsize\tlegend\tlabels\tworst\tworstName\tover10\tunnamed"]
        var worst = 0.0, over = 0, unnamed = 0, labels = 0
        for atlas in atlases {
            for view in views {
                for (w, h) in sizes {
                    for legend in [false, true] {
                        var given = ["atlas": atlas, "view": view == "inflated" ? "lateral" : view, "size": "\(w)x\(h)",
                                     "labels": "on", "legend": legend ? "on" : "off"]
                        if view == "inflated" { given["surface"] = "inflated" }
                        // A long test: the shared server's handlers need a turn between frames.
                        await Task.yield()
                        let (f, frame, context) = try LabelCover.measure(try SceneRequest(given))
                        let stem = "\(atlas)-\(view)-\(w)\(legend ? "-legend" : "")"
                        #expect(f.worst <= RegionLabels.insideTolerance, "\(stem): a label has \(Int(f.worst * 100)) % of its box over a neighbour")
                        #expect(f.unnamed.isEmpty, "\(stem): \(f.unnamed) not named")
                        if let folder {
                            var drawn = frame
                            try Data(try drawn.png(context: context)).write(to: folder.appendingPathComponent("\(stem).png"))
                        }
                        let top = f.shares.max { $0.share < $1.share }
                        let high = f.shares.filter { $0.share > 0.1 }.count
                        rows.append([atlas, view, "\(w)x\(h)", legend ? "legend" : "-", "\(f.shares.count)",
                                     String(format: "%.3f", f.worst), top?.name ?? "", "\(high)",
                                     f.unnamed.joined(separator: ", ")].joined(separator: "\t"))
                        (worst, over, unnamed, labels) = (max(worst, f.worst), over + high, unnamed + f.unnamed.count,
                                                          labels + f.shares.count)
                    }
                }
            }
        }
        rows.append("total\t\t\t\t\(labels)\t\(String(format: "%.3f", worst))\t\t\(over)\t\(unnamed)")
        if let folder {
            try rows.joined(separator: "\n").write(to: folder.appendingPathComponent("labels.tsv"), atomically: true, encoding: .utf8)
            print(rows.last!)
        }
    }
}
