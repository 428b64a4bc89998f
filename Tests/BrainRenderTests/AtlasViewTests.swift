import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainRender

/// The view and pick checks on the bundled atlas (AtlasData with meshes, found as the CLI
/// finds it). Reported as skipped, not passed, where that data has not been built.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct AtlasViewTests {
    static var assets: SceneAssets? { BundledAtlas.assets }

    static func request(_ atlas: String, _ view: ViewName, _ hemi: SceneRequest.HemisphereChoice?,
                        surface: SceneRequest.Surface = .pial, _ more: [String: String] = [:]) throws -> SceneRequest {
        var given = ["atlas": atlas, "view": view.rawValue, "surface": surface.rawValue, "size": "512x384", "shading": "flat"]
        if let hemi { given["hemi"] = hemi.rawValue }
        return try SceneRequest(given.merging(more) { $1 })
    }

    /// Pixels per (sourceLabel, hemisphere) and brain pixel total.
    static func coverage(_ request: SceneRequest) throws -> (report: RenderReport, brain: Int) {
        let scene = try AtlasScene.build(request, assets: assets!)
        let index = try GLContext(width: request.width, height: request.height).renderPickImage(scene.scene)
        return (RenderReport(scene: scene, index: index, out: nil), index.ids.filter { $0 != 0 }.count)
    }

    static func pixels(_ report: RenderReport, _ labels: [String]) -> Int {
        report.regions.filter { labels.contains($0.region.sourceLabel) }.reduce(0) { $0 + $1.extra.pixels }
    }

    static func centroidX(_ report: RenderReport, where keep: (Region) -> Bool) -> Double {
        var sum = 0.0, n = 0.0
        for r in report.regions where keep(r.region) {
            sum += r.extra.centroid[0] * Double(r.extra.pixels)
            n += Double(r.extra.pixels)
        }
        return n > 0 ? sum / n : .nan
    }

    static let lateralGyri = ["precentral", "superiortemporal", "supramarginal"]
    static let medialGyri = ["cuneus", "precuneus", "medialorbitofrontal"]

    @Test func lateralLeftShowsLateralGyriOnly() throws {
        let (report, brain) = try Self.coverage(try Self.request("gyri", .lateral, .left))
        for label in Self.lateralGyri { #expect(Self.pixels(report, [label]) > brain / 100, "\(label) visible") }
        #expect(Double(Self.pixels(report, Self.medialGyri)) < 0.01 * Double(brain))
        #expect(report.regions.allSatisfy { $0.region.hemisphere == .left })
    }

    @Test func medialLeftShowsMedialGyriOnly() throws {
        let (report, brain) = try Self.coverage(try Self.request("gyri", .medial, .left))
        for label in Self.medialGyri { #expect(Self.pixels(report, [label]) > brain / 200, "\(label) visible") }
        #expect(Double(Self.pixels(report, Self.lateralGyri)) < 0.01 * Double(brain))
    }

    @Test func frontalLobeFacesTheStatedSide() throws {
        for (hemi, frontalLeft) in [(SceneRequest.HemisphereChoice.left, true), (.right, false)] {
            let (report, _) = try Self.coverage(try Self.request("lobes", .lateral, hemi))
            let frontal = Self.centroidX(report) { $0.sourceLabel == "frontal" }
            let occipital = Self.centroidX(report) { $0.sourceLabel == "occipital" }
            #expect((frontal < occipital) == frontalLeft, "lateral \(hemi): frontal \(frontal), occipital \(occipital)")
        }
    }

    @Test func bothHemisphereViewsPutTheLeftOneOnTheStatedSide() throws {
        for (view, leftOnImageLeft) in [(ViewName.superior, true), (.inferior, false), (.anterior, false), (.posterior, true)] {
            let (report, _) = try Self.coverage(try Self.request("gyri", view, nil))
            let left = Self.centroidX(report) { $0.hemisphere == .left }
            let right = Self.centroidX(report) { $0.hemisphere == .right }
            #expect((left < right) == leftOnImageLeft, "\(view): left \(left), right \(right)")
        }
    }

    /// The CLI's one-pixel pass draws only the triangles near the pixel; at region borders (where
    /// triangle edges cross pixel centres), at the silhouette and inside regions it must read
    /// exactly the id the full pick pass wrote there.
    @Test(arguments: [(ViewName.lateral, SceneRequest.HemisphereChoice.left), (.medial, .right), (.superior, .both)])
    func onePixelPicksEqualTheFullPickPass(_ view: ViewName, _ hemi: SceneRequest.HemisphereChoice) throws {
        let request = try Self.request("gyri", view, hemi)
        let scene = try AtlasScene.build(request, assets: Self.assets!)
        let context = try GLContext(width: request.width, height: request.height)
        let index = try context.renderPickImage(scene.scene)
        let w = request.width, h = request.height
        var borders: [(Int, Int)] = [], inside: [(Int, Int)] = []
        for y in 0..<h {
            for x in 0..<(w - 1) {
                let id = index.ids[y * w + x]
                if id != index.ids[y * w + x + 1] { borders.append((x, y)) } else if id != 0, (x + y) % 97 == 0 { inside.append((x, y)) }
            }
        }
        let step = max(1, borders.count / 500)
        let samples = stride(from: 0, to: borders.count, by: step).map { borders[$0] } + inside.prefix(100)
        #expect(samples.count >= 500)
        var differ = 0
        for (x, y) in samples where try context.pickID(scene.scene, x: x, y: y) != index.ids[y * w + x] { differ += 1 }
        #expect(differ == 0, "\(differ) of \(samples.count) one-pixel picks differ from the full pass")
    }

    /// A one-shot pick answers on the CPU when the GL's rounding cannot matter (`CertainPick`).
    /// Every such answer must be the id the full pick pass wrote: checked at region borders and
    /// the silhouette (where it matters) and on a grid, in views with folds, both hemispheres
    /// and the subcortical meshes' overlaps. Most pixels must be decided, or the path is useless.
    @Test(arguments: [("gyri", ViewName.lateral, SceneRequest.HemisphereChoice.left), ("gyri", .medial, .right),
                      ("gyri", .superior, .both), ("subcortical", .inferior, .both), ("brodmann", .anterior, .both)])
    func certainCPUPicksEqualTheFullPickPass(_ atlas: String, _ view: ViewName, _ hemi: SceneRequest.HemisphereChoice) throws {
        let request = try Self.request(atlas, view, hemi)
        let scene = try AtlasScene.build(request, assets: Self.assets!).scene
        let index = try GLContext(width: request.width, height: request.height).renderPickImage(scene)
        let w = request.width, h = request.height
        var borders: [(Int, Int)] = [], grid: [(Int, Int)] = []
        for y in 0..<h {
            for x in 0..<(w - 1) {
                if index.ids[y * w + x] != index.ids[y * w + x + 1] || (y + 1 < h && index.ids[y * w + x] != index.ids[(y + 1) * w + x]) {
                    borders.append((x, y))
                } else if x % 19 == 0, y % 13 == 0 {
                    grid.append((x, y))
                }
            }
        }
        let screen = ScreenPositions(scene: scene)
        func decide(_ samples: [(Int, Int)]) throws -> (decided: Int, wrong: [String]) {
            var decided = 0, wrong: [String] = []
            for (x, y) in samples {
                let candidates = PixelCandidates(scene: scene, screen: screen, pixel: try scene.pixel(x: x, y: y))
                guard let id = CertainPick.id(scene: scene, candidates: candidates, model: .llvmpipe) else { continue }
                decided += 1
                if id != index.ids[y * w + x] { wrong.append("(\(x), \(y)): \(id) vs \(index.ids[y * w + x])") }
            }
            return (decided, wrong)
        }
        let step = max(1, borders.count / 500)
        let atBorders = try decide(stride(from: 0, to: borders.count, by: step).map { borders[$0] })
        let onGrid = try decide(grid)
        #expect(atBorders.wrong.isEmpty && onGrid.wrong.isEmpty, "\(atBorders.wrong.prefix(5)) \(onGrid.wrong.prefix(5))")
        #expect(grid.count > 500)
        #expect(Double(onGrid.decided) >= 0.9 * Double(grid.count), "\(onGrid.decided) of \(grid.count) grid pixels decided")
    }

    /// The CLI's one-shot pick gives the same answer whether it decides on the CPU or draws:
    /// at a pixel the CPU decides, and at one it leaves to the GL (the fallback branch).
    @Test func oneShotPicksAnswerAlikeOnBothPaths() throws {
        let request = try Self.request("gyri", .lateral, .left, ["shading": "lit"])
        let scene = try AtlasScene.build(request, assets: Self.assets!).scene
        let screen = ScreenPositions(scene: scene)
        var decided: (Int, Int)?, undecided: (Int, Int)?
        var x = 0, y = request.height / 2
        // Walk a row and then the next ones until both kinds of pixel turn up.
        while decided == nil || undecided == nil, y < request.height {
            let candidates = PixelCandidates(scene: scene, screen: screen, pixel: try scene.pixel(x: x, y: y))
            if let id = CertainPick.id(scene: scene, candidates: candidates, model: .llvmpipe) {
                if id != 0 && decided == nil { decided = (x, y) }
            } else if undecided == nil {
                undecided = (x, y)
            }
            x += 1
            if x == request.width { x = 0; y += 1 }
        }
        for (px, py) in [try #require(decided), try #require(undecided)] {
            let onCPU = try RenderJobs.pick(request, data: nil, x: px, y: py)
            let drawn = try RenderJobs.pick(request, data: nil, x: px, y: py, decideOnCPU: false)
            #expect(try BrainJSON.encode(onCPU) == BrainJSON.encode(drawn), "at \(px), \(py)")
            #expect(onCPU.region != nil)
        }
    }

    @Test(arguments: [(ViewName.lateral, SceneRequest.HemisphereChoice.left), (.lateral, .right), (.medial, .left),
                      (.medial, .right), (.superior, .both), (.inferior, .both), (.anterior, .both), (.posterior, .both)])
    func picksAtBrainPixelsNameTheRegionDrawnThere(_ view: ViewName, _ hemi: SceneRequest.HemisphereChoice) throws {
        let request = try Self.request("gyri", view, hemi)
        let scene = try AtlasScene.build(request, assets: Self.assets!)
        let context = try GLContext(width: request.width, height: request.height)
        let image = try context.renderImage(scene.scene, shading: .flat)
        let index = try context.renderPickImage(scene.scene)
        let library = Self.assets!.library
        var brain = 0, agree = 0, offBrain = 0, resolved = 0
        var k = 0
        // Every 7th pixel: > 2 000 brain pixels at 512×384, spread over the whole image.
        while k < request.width * request.height {
            let x = k % request.width, y = k / request.width
            k += 7
            let p = image.pixel(x: x, y: y)
            let id = try index.id(x: x, y: y)
            // The full answer (ray cast, text) for every 150th sample; the region for all of them.
            if (k / 7) % 150 == 0 {
                let report = try scene.pickReport(index: index, x: x, y: y, library: library)
                #expect(report.region?.region == scene.target(id: id)?.region)
                #expect((report.mni == nil) == (id == 0))
                resolved += 1
            }
            if p.r == 255 && p.g == 255 && p.b == 255 {
                offBrain += 1
                #expect(id == 0)
                continue
            }
            brain += 1
            let expected = scene.target(id: id).map { $0.region?.color ?? AtlasScene.unlabelledColor }
            if expected == RGB(p.r, p.g, p.b) { agree += 1 }
        }
        #expect(resolved > 20)
        #expect(brain >= 2000)
        #expect(offBrain > 0)
        #expect(Double(agree) >= 0.995 * Double(brain), "\(view) \(hemi): \(agree)/\(brain)")
    }

    @Test func inflatedPicksReportThePialVertex() throws {
        let request = try Self.request("gyri", .lateral, .left, surface: .inflated)
        let scene = try AtlasScene.build(request, assets: Self.assets!)
        let index = try GLContext(width: 512, height: 384).renderPickImage(scene.scene)
        let pial = try Self.assets!.mesh(.cortex(.pial, .left))
        let pick = try scene.pickReport(index: index, x: 256, y: 192, library: Self.assets!.library)
        let vertex = try #require(pick.vertex)
        let mni = try #require(pick.mni)
        let p = pial.positions[vertex]
        #expect(abs(mni[0] - Double(p.x)) < 0.01 && abs(mni[1] - Double(p.y)) < 0.01 && abs(mni[2] - Double(p.z)) < 0.01)
        #expect(pick.region?.region.hemisphere == .left)
        #expect(pick.region?.extra.text?.isEmpty == false)
    }

    @Test func highlightKeepsBothHomologuesAndDimsTheRest() throws {
        for shading in ["flat", "lit"] {
            let request = try Self.request("gyri", .superior, nil, ["highlight": "precentral", "dimOthers": "on", "shading": shading])
            let scene = try AtlasScene.build(request, assets: Self.assets!)
            var strong: Set<Hemisphere> = []
            for (layer, info) in scene.layers.enumerated() {
                for (r, region) in info.regions.enumerated() {
                    guard let region else { continue }
                    let drawn = scene.scene.layers[layer].colors[r]
                    // Flat frames keep exact colours; lit ones follow the rule the viewer's lit frames do.
                    let flat = shading == "flat"
                    if region.sourceLabel == "precentral" {
                        #expect(drawn == (flat ? region.color : HighlightColors.emphasised(region.color)))
                        strong.insert(region.hemisphere)
                    } else {
                        #expect(drawn == (flat ? region.color.mixed(with: RGB(255, 255, 255), amount: AtlasScene.dimTint)
                                                : HighlightColors.faded(region.color, tint: AtlasScene.dimTint)))
                    }
                }
            }
            #expect(strong == [.left, .right])
        }
    }
}

/// The bundled AtlasData, when it has been built with its meshes.
enum BundledAtlas {
    static let assets: SceneAssets? = {
        guard let library = try? AtlasLibrary.open(),
              library.catalog.meshes.contains(where: { $0.name == "pial-left" }) else { return nil }
        return SceneAssets(library: library)
    }()
}
