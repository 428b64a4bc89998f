import Foundation
import Testing
import BrainAtlas
@testable import BrainMaps
@testable import BrainRender

/// The viewer's copy of the contract is generated, and the rules it must run on the device are
/// replayed by its own tests (`node --test Viewer/tests`) from reference cases written here: a
/// changed value or rule in Swift fails here until the files are rewritten with
/// `BRAINTUTOR_WRITE_CONTRACT=1 swift test --skip-build --disable-xctest --filter RendererContractTests`.
@Suite struct RendererContractTests {
    static let viewer = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Viewer")

    /// Compares `text` with the file, or writes it when asked to.
    func check(_ relative: String, equals text: String) throws {
        let url = Self.viewer.appendingPathComponent(relative)
        let current = try? String(contentsOf: url, encoding: .utf8)
        if ProcessInfo.processInfo.environment["BRAINTUTOR_WRITE_CONTRACT"] == "1", current != text {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == text, "Viewer/\(relative) differs from what Swift writes; rewrite it (see this suite's comment)")
    }

    @Test func contractModuleIsGenerated() throws {
        try check("contract.js", equals: RendererContract.javaScriptModule())
    }

    @Test func pickColorsRoundTrip() {
        for id: UInt32 in [0, 1, 255, 256, 257, 65_535, 65_536, 70_000, 16_777_215] {
            let c = RendererContract.pickColor(id)
            #expect(RendererContract.pickID(c.r, c.g, c.b) == id)
        }
        #expect(RendererContract.pickColor(65_793) == (1, 1, 1))
        #expect(RendererContract.labelID(low: 4, high: 1) == 260)
    }

    @Test func firstPickIDsSkipLayersThatAreNotPickable() {
        #expect(RendererContract.firstPickIDs(counts: [3, nil, 2, 5]) == [1, 0, 4, 6])
        #expect(RendererContract.firstPickIDs(counts: [10, nil, 10], from: 7) == [7, 0, 17])
    }

    /// A 4 × 3 plane: ids by row (j), i along the row.
    static let grid: [[Int]] = [
        [5, 5, 7, 7],
        [5, 9, 9, 7],
        [0, 9, 7, 7],
    ]

    /// Points where the rule has a choice to make: inside, on voxel edges and corners, ties
    /// between neighbours, a neighbour only diagonally, none at all, and the plane's own edges.
    static let planeCases: [(texel: SIMD2<Double>, picked: Int, why: String)] = [
        (SIMD2(1.5, 1.5), 9, "voxel centre, its own id"),
        (SIMD2(2.0, 0.5), 7, "on the edge between i 1 and 2: the higher voxel"),
        (SIMD2(2.0, 0.5), 5, "on that edge, the GL took the lower voxel"),
        (SIMD2(1.0, 1.0), 5, "corner of four voxels, three hold the id: the nearest centres tie, lower j then lower i"),
        (SIMD2(1.4, 1.2), 5, "home holds 9; 5 left, above and diagonally: the one above is nearest"),
        (SIMD2(2.1, 2.3), 9, "home holds 7; 9 left, above and diagonally: the one to the left is nearest"),
        (SIMD2(2.5, 2.5), 5, "no voxel around holds the id: the containing voxel"),
        (SIMD2(0.2, 2.5), 9, "home unlabelled; the voxel to the right is nearer than the diagonal above"),
        (SIMD2(4.0, 1.5), 7, "the plane's high edge: the point lies just outside, the id is inside"),
        (SIMD2(0.0, 2.5), 0, "the plane's low edge, unlabelled: outside counts as unlabelled"),
        (SIMD2(-0.001, 0.5), 5, "just outside the low edge"),
        (SIMD2(1.5, 1.0), 9, "on the edge between rows 0 and 1: the higher row"),
        (SIMD2(3.0, 2.0), 9, "a corner where only the diagonal below-left holds the id"),
    ]

    @Test func planeVoxelCasesAreWritten() throws {
        let width = Self.grid[0].count, height = Self.grid.count
        func label(_ i: Int, _ j: Int) -> Int {
            i >= 0 && j >= 0 && i < width && j < height ? Self.grid[j][i] : 0
        }
        var lines: [String] = []
        for c in Self.planeCases {
            let v = RendererContract.planeVoxel(texel: c.texel, picked: c.picked, label: label)
            lines.append("  {\"texel\": [\(c.texel.x), \(c.texel.y)], \"picked\": \(c.picked), \"voxel\": [\(v.i), \(v.j)], \"why\": \"\(c.why)\"}")
        }
        let labels = Self.grid.map { "[" + $0.map(String.init).joined(separator: ", ") + "]" }.joined(separator: ", ")
        let text = "{\n\"labels\": [\(labels)],\n\"cases\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
        try check("tests/cases/plane-voxel.json", equals: text)
    }

    @Test func planeVoxelFollowsItsRule() {
        let width = Self.grid[0].count, height = Self.grid.count
        func label(_ i: Int, _ j: Int) -> Int { i >= 0 && j >= 0 && i < width && j < height ? Self.grid[j][i] : 0 }
        #expect(RendererContract.planeVoxel(texel: SIMD2(2.0, 0.5), picked: 7, label: label) == (2, 0))
        #expect(RendererContract.planeVoxel(texel: SIMD2(2.0, 0.5), picked: 5, label: label) == (1, 0))
        // Three candidates at the same distance: (0, 0), (1, 0) and (0, 1) hold 5; lower j wins, then lower i.
        #expect(RendererContract.planeVoxel(texel: SIMD2(1.0, 1.0), picked: 5, label: label) == (0, 0))
        #expect(RendererContract.planeVoxel(texel: SIMD2(1.4, 1.2), picked: 5, label: label) == (1, 0))
        #expect(RendererContract.planeVoxel(texel: SIMD2(2.1, 2.3), picked: 9, label: label) == (1, 2))
        #expect(RendererContract.planeVoxel(texel: SIMD2(2.5, 2.5), picked: 5, label: label) == (2, 2))
    }

    /// The map scales at the ends, inside, between stops and beyond either end (clamped).
    @Test func mapScaleCasesAreWritten() throws {
        let ts: [Float] = [-0.5, 0, 0.1, 0.125, 0.2, 0.3333, 0.5, 0.62, 0.875, 0.9, 0.999, 1, 1.5]
        func rows(_ scale: (Float) -> OverlayColorScale.Color) -> String {
            "[" + ts.map { let c = scale($0); return "[\(c.x), \(c.y), \(c.z)]" }.joined(separator: ", ") + "]"
        }
        #expect(OverlayColorScale.viridis(0) == SIMD3(68, 1, 84) && OverlayColorScale.warm(1) == SIMD3(255, 255, 0))
        let text = "{\n\"t\": [" + ts.map { "\($0)" }.joined(separator: ", ") + "],\n"
            + "\"warm\": \(rows(OverlayColorScale.warm)),\n\"cool\": \(rows(OverlayColorScale.cool)),\n"
            + "\"viridis\": \(rows(OverlayColorScale.viridis))\n}\n"
        try check("tests/cases/map-scales.json", equals: text)
    }

    @Test func cutSideCasesAreWritten() throws {
        let forwards: [Float] = [-1, -0.25, 0, 1e-6, 0.5, 1]
        let rows = forwards.map { "[\($0), \(RendererContract.cutSide(forward: $0))]" }.joined(separator: ", ")
        #expect(RendererContract.cutSide(forward: 0) == 1 && RendererContract.cutSide(forward: 0.5) == -1)
        try check("tests/cases/cut-side.json", equals: "{\"forwardAndSide\": [\(rows)]}\n")
    }

    /// Colours where the highlight rule has a choice: black and white, primaries, light colours
    /// that must be darkened, dark ones that stay, and palette-like mid tones.
    static let highlightColors: [RGB] = [
        RGB(0, 0, 0), RGB(255, 255, 255), RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255), RGB(255, 255, 0),
        RGB(220, 180, 40), RGB(70, 130, 180), RGB(128, 128, 128), RGB(30, 30, 30), RGB(250, 128, 114), RGB(119, 119, 119),
    ]

    @Test func highlightCasesAreWritten() throws {
        func list(_ c: RGB) -> String { "[\(c.r), \(c.g), \(c.b)]" }
        let white = RGB(255, 255, 255)
        let rows = Self.highlightColors.map { c in
            "  {\"color\": \(list(c)), \"emphasised\": \(list(HighlightColors.emphasised(c))), "
                + "\"soft\": \(list(HighlightColors.faded(c, tint: AtlasScene.softTint))), "
                + "\"dim\": \(list(HighlightColors.faded(c, tint: AtlasScene.dimTint))), "
                + "\"flatSoft\": \(list(c.mixed(with: white, amount: AtlasScene.softTint))), "
                + "\"flatDim\": \(list(c.mixed(with: white, amount: AtlasScene.dimTint)))}"
        }
        let text = "{\n\"tint\": {\"soft\": \(AtlasScene.softTint), \"dim\": \(AtlasScene.dimTint)},\n\"cases\": [\n"
            + rows.joined(separator: ",\n") + "\n]}\n"
        try check("tests/cases/highlight.json", equals: text)
    }

    /// What the rule promises: a selected region no lighter than the limit (one rounding step
    /// aside), its hue kept, and every other region lighter than any selected one.
    @Test func highlightStandsOutOnAnyColor() {
        for c in Self.highlightColors {
            let e = HighlightColors.emphasised(c)
            #expect(HighlightColors.lightness(e) <= HighlightColors.maxSelectedLightness + 0.5, "\(c)")
            #expect(e.r <= c.r && e.g <= c.g && e.b <= c.b)
            for other in Self.highlightColors {
                #expect(HighlightColors.lightness(HighlightColors.faded(other, tint: AtlasScene.softTint)) > HighlightColors.lightness(e) + 10)
            }
        }
        #expect(HighlightColors.emphasised(RGB(30, 30, 30)) == RGB(30, 30, 30))
        #expect(HighlightColors.faded(RGB(0, 0, 0), tint: 0) == RGB(153, 153, 153))
    }

    /// Cameras the viewer rebuilds on the device after a turn or zoom (`gl-camera.js`): every
    /// preset and two oblique views, framing an off-centre box at an odd aspect. The viewer
    /// replays the renderer's `mvp` and `normalMatrix` from forward, up, centre and half sizes.
    @Test func cameraCasesAreWritten() throws {
        var directions: [(String, ViewDirection)] = ViewName.allCases.map { ($0.rawValue, .named($0, hemisphereIsLeft: true)) }
        directions.append(("azimuth 30 elevation 20", .angles(azimuth: 30, elevation: 20)))
        directions.append(("azimuth -135 elevation -60", .angles(azimuth: -135, elevation: -60)))
        let box: [[SIMD3<Float>]] = [[SIMD3(-61, -102, -40), SIMD3(3, 70, 78), SIMD3(-20, 5, 12)]]
        func list(_ v: [Float]) -> String { "[" + v.map { "\($0)" }.joined(separator: ", ") + "]" }
        func vector(_ v: SIMD3<Float>) -> String { list([v.x, v.y, v.z]) }
        let rows = directions.map { name, direction in
            let c = Camera(direction: direction, framing: box, width: 390, height: 500)
            return "  {\"view\": \"\(name)\", \"forward\": \(vector(direction.forward)), \"up\": \(vector(direction.up)), "
                + "\"right\": \(vector(direction.right)), \"center\": \(vector(c.center)), \"halfWidth\": \(c.halfWidth), "
                + "\"halfHeight\": \(c.halfHeight), \"halfDepth\": \(c.halfDepth),\n   \"mvp\": \(list(c.mvp)),\n   "
                + "\"normalMatrix\": \(list(c.normalMatrix))}"
        }
        try check("tests/cases/camera.json", equals: "{\"cameras\": [\n" + rows.joined(separator: ",\n") + "\n]}\n")
    }

    /// A map's display on the device (`map-colours.js`): for each scale and sign choice, with a
    /// range, a lone threshold and one above the map's own upper end, the resolved display and
    /// the colour (or none) of values around both thresholds, at them and beyond the upper end.
    @Test func mapDisplayCasesAreWritten() throws {
        let ramp: [Float] = (-12...12).map { Float($0) / 2 }
        let volume = MapVolume(name: "ramp", values: ramp, dims: SIMD3(ramp.count, 1, 1),
                               affine: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]], space: .mni)
        let values: [Float] = [-7, -5, -4.5, -3, -2.01, -2, -1.99, 0, 1.99, 2, 2.01, 3.3, 4.5, 5, 7]
        // A lone threshold keeps the map's own upper end (its maximum, 6), which 7 lies above.
        var own = OverlayOptions()
        own.file = "ramp.nii"
        let ownUpper = try MapOverlay(volume: volume, options: own).upper
        var rows: [String] = []
        for scale in OverlayColorScale.allCases {
            for twoSided in [nil, true, false] as [Bool?] {
                for threshold in [[2.0, 5.0], [2.0], [7.0]] {
                    var options = OverlayOptions()
                    options.file = "ramp.nii"  // named for messages; the volume is given
                    options.threshold = threshold
                    options.twoSided = twoSided
                    options.colorScale = scale
                    let overlay = try MapOverlay(volume: volume, options: options)
                    let colors = values.map { v in overlay.color(v).map { "[\($0.x), \($0.y), \($0.z)]" } ?? "null" }
                    rows.append("  {\"requested\": {\"threshold\": \(threshold[0]), \"upper\": \(threshold.count > 1 ? threshold[1] : Double(ownUpper))}, "
                        + "\"display\": {\"threshold\": \(overlay.threshold), \"upper\": \(overlay.upper), \"signs\": \"\(overlay.signs.rawValue)\", "
                        + "\"scale\": \"\(scale.rawValue)\"},\n   \"colors\": [\(colors.joined(separator: ", "))]}")
                }
            }
        }
        // The colour bar's strip at widths around each bend of its rule.
        let widths = [1, 329, 330, 549, 550, 551, 1024, 1199, 1200, 1204, 4096]
        let strips = widths.map { "[\($0), \(AtlasScene.colorBarStrip(width: $0))]" }.joined(separator: ", ")
        let text = "{\n\"values\": [\(values.map { "\($0)" }.joined(separator: ", "))],\n\"widthAndStrip\": [\(strips)],\n\"displays\": [\n"
            + rows.joined(separator: ",\n") + "\n]}\n"
        try check("tests/cases/map-displays.json", equals: text)
    }

    /// A curved 5 × 5 grid with three regions, so a split meets two-label triangles, three-label
    /// junctions and relaxed cuts.
    static func curvedGrid() -> (mesh: RenderMesh, labels: [UInt32]) {
        let side = 5
        var positions: [SIMD3<Float>] = [], labels: [UInt32] = [], triangles: [UInt32] = []
        for j in 0..<side {
            for i in 0..<side {
                positions.append(SIMD3(Float(i) * 2, Float(j) * 2, 0.15 * Float((i - 2) * (i - 2) + j)))
                labels.append(i + j < 3 ? 1 : i > j ? 2 : 3)
            }
        }
        for j in 0..<(side - 1) {
            for i in 0..<(side - 1) {
                let a = UInt32(j * side + i), b = a + 1, c = a + UInt32(side), d = c + 1
                triangles += (i + j) % 2 == 0 ? [a, b, d, a, d, c] : [a, b, c, b, d, c]
            }
        }
        let normals = [SIMD3<Float>](repeating: SIMD3(0, 0, 1), count: positions.count)
        return (RenderMesh(positions: positions, normals: normals, triangles: triangles), labels)
    }

    /// The viewer's `splitBorders` replays the split of the curved grid from positions, normals,
    /// labels and the cut rule the labels body states.
    @Test func borderSplitCasesAreWritten() throws {
        let (mesh, labels) = Self.curvedGrid()
        let positions = mesh.positions, normals = mesh.normals, triangles = mesh.triangles
        let split = BorderSplit(mesh: mesh, labels: labels, absorbIslands: false)
        func floats(_ v: [SIMD3<Float>]) -> String { "[" + v.map { "\($0.x), \($0.y), \($0.z)" }.joined(separator: ", ") + "]" }
        func ints(_ v: [UInt32]) -> String { "[" + v.map(String.init).joined(separator: ", ") + "]" }
        let text = "{\n\"rule\": {\"relaxation\": \(BorderCuts.defaultRelaxation), \"margin\": \(BorderCuts.margin)},\n"
            + "\"positions\": \(floats(positions)),\n\"normals\": \(floats(normals)),\n\"triangles\": \(ints(triangles)),\n"
            + "\"labels\": \(ints(labels)),\n\"split\": {\"positions\": \(floats(split.mesh.positions)),\n"
            + "\"triangles\": \(ints(split.mesh.triangles)),\n\"labels\": \(ints(split.labels)),\n"
            + "\"sourceVertex\": \(ints(split.sourceVertex))}\n}\n"
        #expect(Set(split.labels) == [1, 2, 3] && split.mesh.vertexCount > positions.count)
        try check("tests/cases/border-split.json", equals: text)
    }

    /// The tap point on a mesh (`map-pick.js`): the split grid seen from above at an angle, each
    /// region's triangles hit by rays through pixels inside, on and beside it (a miss takes the
    /// triangle nearest the ray), with the point and the catalog vertex `PickResolver` reports.
    @Test func meshHitCasesAreWritten() throws {
        let (mesh, labels) = Self.curvedGrid()
        let geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: labels)
        let layer = Scene.Layer(geometry: geometry, colors: geometry.grouping.ranges.map { _ in RGB(200, 200, 200) })
        let scene = try Scene(layers: [layer], direction: .angles(azimuth: 20, elevation: 70), width: 64, height: 48)
        let grouping = geometry.grouping, camera = scene.camera, direction = camera.direction
        func floats(_ v: [Float]) -> String { "[" + v.map { "\($0)" }.joined(separator: ", ") + "]" }
        func vector(_ v: SIMD3<Float>) -> String { floats([v.x, v.y, v.z]) }
        var picks: [String] = []
        for (r, range) in grouping.ranges.enumerated() {
            let triangles = PickResolver.triangles(of: Scene.PickTarget(layer: 0, range: r), in: scene)
            for (x, y) in [(5, 7), (20, 20), (32, 24), (40, 30), (55, 40), (63, 47), (0, 0)] {
                let hit = try #require(PickResolver.resolve(scene: scene, layer: 0, triangles: triangles,
                                                            pixel: try Pixel(x: x, y: y, width: 64, height: 48)))
                picks.append("  {\"range\": [\(range.triangleStart), \(range.triangleCount)], \"pixel\": [\(x), \(y)], "
                    + "\"point\": \(vector(hit.point)), \"vertex\": \(hit.vertex)}")
            }
        }
        let text = "{\n\"size\": [64, 48],\n\"camera\": {\"forward\": \(vector(direction.forward)), \"up\": \(vector(direction.up)), "
            + "\"right\": \(vector(direction.right)), \"center\": \(vector(camera.center)), \"halfWidth\": \(camera.halfWidth), "
            + "\"halfHeight\": \(camera.halfHeight), \"halfDepth\": \(camera.halfDepth)},\n"
            + "\"positions\": \(floats(geometry.mesh.positions.flatMap { [$0.x, $0.y, $0.z] })),\n"
            + "\"indices\": [\(grouping.sortedTriangles.map(String.init).joined(separator: ", "))],\n"
            + "\"sourceVertex\": [\(geometry.sourceVertex.map(String.init).joined(separator: ", "))],\n"
            + "\"picks\": [\n" + picks.joined(separator: ",\n") + "\n]}\n"
        try check("tests/cases/mesh-hit.json", equals: text)
    }
}
