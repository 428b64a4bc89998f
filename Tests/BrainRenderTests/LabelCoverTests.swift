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
        /// Per leader: its name and its length (elbow included) as a share of the picture's diagonal.
        var leaders: [(name: String, share: Double)] = []
        /// Pairs of leaders that cross or touch.
        var crossings: [String] = []
        /// The placements measured, and the legend drawn with them.
        var labels: RegionLabels?
        var legend: Legend.Layout?
        var worst: Double { shares.map(\.share).max() ?? 0 }
        var longest: Double { leaders.map(\.share).max() ?? 0 }
    }

    /// The figures of one decorated frame, drawn in `context` (one per size, reused: making a GL
    /// context per frame costs more than most frames).
    static func measure(_ request: SceneRequest, context given: GLContext? = nil) throws -> (Figures, DrawnFrame, GLContext) {
        let context = try given ?? GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let index = try frame.indexImage(context: context)
        let notes = try #require(try frame.annotations(context: context))
        let labels = try #require(notes.labels)
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
        figures.legend = notes.legend
        for p in labels.placements {
            // A number on the brain stands for its region's name (a key line lies off the brain).
            let shown = labels.keyed.first { $0.region == p.region }?.name ?? p.line.text
            let ink = p.line.ink, reach = labels.halo.reach
            let box = PixelRect(x: p.textX + ink.originX - reach, y: p.baseline + ink.originY - reach,
                                width: ink.width + 2 * reach, height: ink.height + 2 * reach)
            var foreign = 0
            for y in max(0, box.y)..<min(index.height, box.maxY) {
                for x in max(0, box.x)..<min(index.width, box.maxX) {
                    if let n = name(index.ids[y * index.width + x]), n != shown { foreign += 1 }
                }
            }
            figures.shares.append((p.line.text, Double(foreign) / Double(box.width * box.height)))
        }
        // Per side: a name on both hemispheres must be written when either side is large enough.
        var sidePixels: [String: Int] = [:]
        for id in index.ids where id != 0 {
            if let region = scene.target(id: id)?.region { sidePixels["\(region.labelName)|\(region.hemisphere)", default: 0] += 1 }
        }
        let diagonal = Double(request.width * request.width + request.height * request.height).squareRoot()
        let leaders = labels.placements.filter(\.leader)
        for (i, p) in leaders.enumerated() {
            figures.leaders.append((p.line.text, FreeSpace.length(RegionLabels.leaderPath(p)) / diagonal))
            for q in leaders[(i + 1)...] where FreeSpace.segments(of: p).contains(where: { a in
                FreeSpace.segments(of: q).contains { FreeSpace.segments(a, $0) } }) {
                figures.crossings.append("\(p.line.text) × \(q.line.text)")
            }
        }
        let written = Set(labels.placements.filter { p in !labels.keyed.contains { $0.region == p.region } }.map(\.line.text))
            .union(labels.keyed.map(\.name))
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

    /// The option combinations the sweep draws. Full (BRAINTUTOR_LABEL_SWEEP_FULL set): every atlas
    /// in every preset view (and lateral on the inflated surface), with `--labels` alone and with
    /// the legend and the orientation letters in every combination, at 640×480 (where the text's
    /// floor size makes the picture crowded) and 1024×768 (both off, both on). By default, to stay
    /// quick: every atlas laterally and medially at 640×480 with neither and with both, the crowded
    /// gyri, sulci and parcels also inflated and laterally with the legend alone and the letters
    /// alone, and those three laterally at 1024×768 with both. Either way 4096×3072 is sampled on the most crowded views: the placement is the
    /// same arithmetic at every size above the text's floor.
    static func combinations(full: Bool) -> [(atlas: String, view: String, size: (Int, Int), legend: Bool, orientation: Bool)] {
        let atlases = BundledAtlas.assets!.library.catalog.atlases.map(\.name)
        let views = ViewName.allCases.map(\.rawValue) + ["inflated"]
        let crowded = ["gyri", "sulci", "parcels"]
        var out: [(String, String, (Int, Int), Bool, Bool)] = []
        for atlas in atlases {
            for view in views {
                for (legend, orientation) in [(false, false), (true, true), (true, false), (false, true)] {
                    let both = legend == orientation, crowd = crowded.contains(atlas)
                    let quick = (["lateral", "medial"].contains(view) && both) || (crowd && view == "inflated" && both)
                        || (crowd && view == "lateral")
                    if full || quick { out.append((atlas, view, (640, 480), legend, orientation)) }
                    if both && (full || (crowd && legend && view == "lateral")) { out.append((atlas, view, (1024, 768), legend, orientation)) }
                }
            }
        }
        for (atlas, view) in [("gyri", "lateral"), ("sulci", "inflated")] {
            out.append((atlas, view, (4096, 3072), true, true))
        }
        return out
    }

    /// Over every combination: no label over another region by more than the inside tolerance, no
    /// leader longer than `RegionLabels.maximumLeader` of the diagonal, no two leaders crossing,
    /// and no region over 1 % of the picture unnamed (by a label or the numbered key); with the
    /// legend, it lies inside the picture and no two of its rows read the same. When
    /// BRAINTUTOR_LABEL_SWEEP names a folder, the 640×480 and 1024×768 pictures are written there
    /// with the table `labels.tsv`.
    @Test func sweep() async throws {
        let folderPath = ProcessInfo.processInfo.environment["BRAINTUTOR_LABEL_SWEEP"]
        let folder = folderPath.map { URL(fileURLWithPath: $0) }
        if let folder { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        var rows = ["atlas\tview\tsize\tlegend\torientation\tlabels\tkeyed\tworst\tworstName\tlongestLeader\tlongName\tcrossings\tunnamed\tms"]
        var worst = 0.0, longest = 0.0, over = 0, unnamed = 0, crossings = 0, labels = 0, keyed = 0
        for c in Self.combinations(full: ProcessInfo.processInfo.environment["BRAINTUTOR_LABEL_SWEEP_FULL"] != nil) {
            let (w, h) = c.size
            var given = ["atlas": c.atlas, "view": c.view == "inflated" ? "lateral" : c.view, "size": "\(w)x\(h)",
                         "labels": "on", "legend": c.legend ? "on" : "off", "orientation": c.orientation ? "on" : "off"]
            if c.view == "inflated" { given["surface"] = "inflated" }
            // A long test: the shared server's handlers need a turn between frames.
            await Task.yield()
            // A context per picture, made, used and dropped between two yields: the task may resume
            // on another thread, and EGL refuses a context still current on the one before.
            let context = try GLContext(width: w, height: h)
            let clock = ContinuousClock.now
            let (f, frame, _) = try LabelCover.measure(try SceneRequest(given), context: context)
            let elapsed = (ContinuousClock.now - clock).components
            let ms = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
            let stem = "\(c.atlas)-\(c.view)-\(w)\(c.legend ? "-legend" : "")\(c.orientation ? "-orientation" : "")"
            #expect(f.worst <= RegionLabels.insideTolerance, "\(stem): a label has \(Int(f.worst * 100)) % of its box over a neighbour")
            #expect(f.unnamed.isEmpty, "\(stem): \(f.unnamed) not named")
            #expect(f.longest <= RegionLabels.maximumLeader + 1e-9, "\(stem): a leader is \(Int(f.longest * 100)) % of the diagonal")
            #expect(f.crossings.isEmpty, "\(stem): leaders cross: \(f.crossings)")
            if let legend = f.legend {
                // The legend stays one table inside the picture: no two rows under one heading read the same.
                #expect(PixelRect(x: 0, y: 0, width: w, height: h).contains(legend.box), "\(stem): legend \(legend.box)")
                let problems = LegendTableCheck.problems(legend, words: false)
                #expect(problems.isEmpty, "\(stem): \(problems)")
            }
            if let folder, w <= 1024 {
                var drawn = frame
                try Data(try drawn.png(context: context)).write(to: folder.appendingPathComponent("\(stem).png"))
            }
            let top = f.shares.max { $0.share < $1.share }, far = f.leaders.max { $0.share < $1.share }
            let n = f.labels?.keyed.count ?? 0
            rows.append([c.atlas, c.view, "\(w)x\(h)", c.legend ? "legend" : "-", c.orientation ? "orientation" : "-",
                         "\(f.shares.count)", "\(n)", String(format: "%.3f", f.worst), top?.name ?? "",
                         String(format: "%.3f", f.longest), far?.name ?? "", "\(f.crossings.count)",
                         f.unnamed.joined(separator: ", "), "\(ms)"].joined(separator: "\t"))
            worst = max(worst, f.worst); longest = max(longest, f.longest)
            over += f.leaders.filter { $0.share > RegionLabels.maximumLeader }.count
            unnamed += f.unnamed.count; crossings += f.crossings.count; labels += f.shares.count; keyed += n
        }
        rows.append("total\t\t\t\t\t\(labels)\t\(keyed)\t\(String(format: "%.3f", worst))\t\t\(String(format: "%.3f", longest))\t\(over) over\t\(crossings)\t\(unnamed)\t")
        if let folder {
            try rows.joined(separator: "\n").write(to: folder.appendingPathComponent("labels.tsv"), atomically: true, encoding: .utf8)
        }
        print(rows.last!)
    }

    /// A map figure with labels (the atlas's regions grey under the map, the colour bar on the
    /// right): a name placed inside keeps all its ink on the brain (at 1024×768 the lateral
    /// occipital cortex's name ran off the occipital pole, its last word over the white towards
    /// the bar), and no label or key line lies over the colour bar.
    @Test(arguments: [(640, 480), (1024, 768), (1280, 960)])
    func mapFigureLabelsKeepOnTheBrainAndOffTheColorBar(_ w: Int, _ h: Int) throws {
        let map = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/maps/blob_mni_2mm.nii.gz").standardizedFileURL.path
        let request = try SceneRequest(["atlas": "gyri", "view": "lateral", "hemi": "left", "size": "\(w)x\(h)", "overlay": map,
                                        "threshold": "3", "twoSided": "true", "labels": "on"])
        let (f, measured, context) = try LabelCover.measure(request)
        var frame = measured
        let index = try frame.indexImage(context: context)
        let labels = try #require(f.labels)
        let bar = try #require(frame.scene.colorBarLayout(text: try TextRenderer())).layout.box
        let keyLines = Set(labels.keyed.map { "\($0.number) \($0.name)" })
        #expect(labels.placements.count >= 12)
        #expect(f.unnamed.isEmpty, "\(w)×\(h): \(f.unnamed) not named")
        for p in labels.placements {
            #expect(!p.box.intersects(bar), "\(w)×\(h): \(p.line.text) at \(p.box) over the colour bar \(bar)")
            guard !p.leader, !keyLines.contains(p.line.text) else { continue }
            let ink = p.line.ink
            var off = 0
            for y in (p.baseline + ink.originY)..<(p.baseline + ink.originY + ink.height) {
                for x in (p.textX + ink.originX)..<(p.textX + ink.originX + ink.width) {
                    if x < 0 || y < 0 || x >= index.width || y >= index.height || index.ids[y * index.width + x] == 0 { off += 1 }
                }
            }
            #expect(off == 0, "\(w)×\(h): \(p.line.text) has \(off) ink-box pixels off the brain")
        }
    }

    /// A map figure at each size of the sweep, with labels and letters (a map takes no legend): the colour bar's
    /// text is at least the legend's size, and its bars take at least a fifth of the picture's height.
    @Test(arguments: [(640, 480), (1024, 768), (4096, 3072)])
    func mapColorBarStaysReadable(_ w: Int, _ h: Int) throws {
        let map = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/maps/blob_mni_2mm.nii.gz").standardizedFileURL.path
        let request = try SceneRequest(["view": "lateral", "hemi": "left", "size": "\(w)x\(h)", "overlay": map, "threshold": "3",
                                        "twoSided": "true", "labels": "on", "orientation": "on"])
        let scene = try AtlasScene.build(request, assets: BundledAtlas.assets!)
        let (_, layout) = try #require(scene.colorBarLayout(text: try TextRenderer()))
        #expect(layout.bars.map(\.height).reduce(0, +) * 5 >= h, "\(w)×\(h): bars \(layout.bars.map(\.height))")
        let legendSize = SceneAnnotations.legendSize(width: w, height: h)
        let lines = [layout.titleLine] + layout.captionLines + layout.labels.map(\.line)
        #expect(lines.allSatisfy { $0.size >= legendSize }, "\(w)×\(h): \(lines.map(\.size)) against the legend's \(legendSize)")
        #expect(layout.box.maxX <= w && layout.box.maxY <= h)
    }
}
