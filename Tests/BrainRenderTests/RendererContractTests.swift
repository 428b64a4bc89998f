import Foundation
import Testing
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
        func rows(_ scale: (Float) -> OverlayColourScale.Colour) -> String {
            "[" + ts.map { let c = scale($0); return "[\(c.x), \(c.y), \(c.z)]" }.joined(separator: ", ") + "]"
        }
        #expect(OverlayColourScale.viridis(0) == SIMD3(68, 1, 84) && OverlayColourScale.warm(1) == SIMD3(255, 255, 0))
        let text = "{\n\"t\": [" + ts.map { "\($0)" }.joined(separator: ", ") + "],\n"
            + "\"warm\": \(rows(OverlayColourScale.warm)),\n\"cool\": \(rows(OverlayColourScale.cool)),\n"
            + "\"viridis\": \(rows(OverlayColourScale.viridis))\n}\n"
        try check("tests/cases/map-scales.json", equals: text)
    }

    @Test func cutSideCasesAreWritten() throws {
        let forwards: [Float] = [-1, -0.25, 0, 1e-6, 0.5, 1]
        let rows = forwards.map { "[\($0), \(RendererContract.cutSide(forward: $0))]" }.joined(separator: ", ")
        #expect(RendererContract.cutSide(forward: 0) == 1 && RendererContract.cutSide(forward: 0.5) == -1)
        try check("tests/cases/cut-side.json", equals: "{\"forwardAndSide\": [\(rows)]}\n")
    }
}
