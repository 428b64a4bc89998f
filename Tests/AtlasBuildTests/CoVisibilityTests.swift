import Testing
@testable import AtlasBuild

/// Regions count as seen together only when a preset view shows both: the depth buffer hides what
/// lies behind.
@Suite struct CoVisibilityTests {
    /// A square in the y-z plane at `x`, from `y0` to `y0 + side`.
    static func square(x: Float, y0: Float, side: Float) -> TriangleMesh {
        TriangleMesh(vertices: [SIMD3(x, y0, 0), SIMD3(x, y0 + side, 0), SIMD3(x, y0 + side, side), SIMD3(x, y0, side)],
                     triangles: [SIMD3(0, 1, 2), SIMD3(0, 2, 3)])
    }

    @Test func aRegionHiddenBehindAnotherIsNotSeenWithIt() {
        // Region 2 lies between two larger squares, 1 (seen from the left) and 4 (from the right);
        // region 3 is beside them.
        let parts = [CoVisibility.Part(mesh: Self.square(x: -10, y0: 0, side: 40), side: 0),
                     CoVisibility.Part(mesh: Self.square(x: 0, y0: 10, side: 20), side: 0),
                     CoVisibility.Part(mesh: Self.square(x: -10, y0: 50, side: 30), side: 0),
                     CoVisibility.Part(mesh: Self.square(x: 10, y0: 0, side: 40), side: 0)]
        let labels: [[UInt16]] = [[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3], [4, 4, 4, 4]]
        let pairs = CoVisibility(parts: parts).pairs(labels: labels)
        #expect(pairs == [RegionAdjacency.Pair(1, 3), RegionAdjacency.Pair(3, 4)])
        // Parts of the other hemisphere are not in this one's lateral and medial views.
        let mixed = [parts[0], parts[1], CoVisibility.Part(mesh: parts[2].mesh, side: 1), parts[3]]
        #expect(CoVisibility(parts: mixed).pairs(labels: labels).isEmpty)
    }

    @Test func regionsMeetingOnScreenAreSideBySideThoughTheyShareNoEdge() {
        // Two separate squares in one plane, edge to edge on screen (as folding puts two areas side
        // by side), and a third far from both.
        let parts = [CoVisibility.Part(mesh: Self.square(x: 0, y0: 0, side: 20), side: 0),
                     CoVisibility.Part(mesh: Self.square(x: 0, y0: 20, side: 20), side: 0),
                     CoVisibility.Part(mesh: Self.square(x: 0, y0: 80, side: 20), side: 0)]
        let labels: [[UInt16]] = [[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]]
        let views = CoVisibility(parts: parts)
        #expect(views.sideBySide(labels: labels) == [RegionAdjacency.Pair(1, 2)])
        #expect(views.pairs(labels: labels).count == 3)
    }

    @Test func presetViewsAreTheRenderersSix() {
        #expect(Set(PresetView.all.map(\.name)) == ["lateral", "medial", "superior", "inferior", "anterior", "posterior"])
        // Lateral looks at the left hemisphere from its left (+x), medial from the right.
        #expect(PresetView.all.first { $0.name == "lateral" && $0.side == 0 }?.forward == SIMD3(1, 0, 0))
        #expect(PresetView.all.first { $0.name == "medial" && $0.side == 0 }?.forward == SIMD3(-1, 0, 0))
    }
}
