import Foundation
import Testing
import BrainFormats
@testable import BrainMaps

@Suite struct SurfaceClusterFinderTests {
    /// A flat n × n grid of 1 mm squares, each split into two triangles, in MNI millimetres (z = 0).
    static func grid(_ n: Int) -> SurfaceMesh {
        var positions: [SIMD3<Double>] = []
        for y in 0..<n { for x in 0..<n { positions.append(SIMD3(Double(x), Double(y), 0)) } }
        var triangles: [Int32] = []
        for y in 0..<(n - 1) { for x in 0..<(n - 1) {
            let a = Int32(y * n + x), b = a + 1, c = a + Int32(n), d = c + 1
            triangles += [a, b, d, a, d, c]
        } }
        return SurfaceMesh(name: "grid", positions: positions, triangles: triangles, space: .mni)
    }

    @Test func vertexAreasSumToTheMeshArea() {
        let areas = Self.grid(5).vertexAreas()
        #expect(abs(areas.reduce(0, +) - 16) < 1e-9)
        #expect(abs(areas[0] - 1.0 / 3) < 1e-12)  // a corner vertex on its square's diagonal: both triangles
        #expect(abs(areas[4] - 1.0 / 6) < 1e-12)  // the other bottom corner: one triangle
        #expect(abs(areas[6] - 1) < 1e-12)  // an inner vertex: six triangles of ½ mm², a third each
    }

    @Test func edgeConnectedComponentsBySignOrderedBySize() throws {
        let mesh = Self.grid(6)
        var values = [Float](repeating: 0, count: 36)
        for v in [0, 1, 6, 7, 8] { values[v] = 4 }  // one positive patch of 5 vertices
        values[7] = 9
        for v in [4, 5] { values[v] = 3.5 }  // two vertices joined by an edge
        values[35] = -6  // a negative vertex in the far corner
        values[28] = 5  // alone: no edge joins it to another shown vertex (its neighbours are 0)
        let one = try SurfaceClusterFinder.clusters(values: values, mesh: mesh, options: ClusterOptions(threshold: 3))
        #expect(one.map(\.vertices) == [[0, 1, 6, 7, 8], [4, 5], [28]])
        #expect(one[0].peak == 7 && one[0].peakValue == 9)
        let areas = mesh.vertexAreas()
        #expect(abs(one[1].areaMm2 - areas[4] - areas[5]) < 1e-12)
        let both = try SurfaceClusterFinder.clusters(values: values, mesh: mesh, options: ClusterOptions(threshold: 3, twoSided: true))
        // Single vertices by magnitude: 35 (−6) before 28 (5).
        #expect(both.map(\.peak) == [7, 4, 35, 28] && both.map(\.sign) == [1, 1, -1, 1])
        // Areas: the pair 0.5 + 1/6 mm² (edge and corner vertex) is dropped; the inner vertex 28 (1 mm²) stays.
        let big = try SurfaceClusterFinder.clusters(values: values, mesh: mesh, options: ClusterOptions(threshold: 3, minSizeMm3: 0.9))
        #expect(big.map(\.peak) == [7, 28])
        #expect(abs(big[0].areaMm2 - (1.0 / 3 + 0.5 + 0.5 + 1 + 1)) < 1e-12)
        #expect(throws: MapsError.self) {
            try SurfaceClusterFinder.clusters(values: [1, 2], mesh: mesh, options: ClusterOptions(threshold: 1))
        }
    }

    /// Two bumps in one cluster: both are maxima when they lie the separation apart, only the higher when closer.
    @Test func localMaximaFollowTheVolumeRule() throws {
        let mesh = Self.grid(30)
        func bump(_ cx: Double, _ cy: Double, _ height: Double) -> (SIMD3<Double>) -> Double {
            { p in
                let d2: Double = (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)
                return height * exp(-d2 / 8)
            }
        }
        // Bumps at x = 5 (6) and x = `second` (8) on y = 15, joined into one cluster by a ridge at 2.5 between them
        // (its flat vertices are candidates too, and each lies within the separation of a bump).
        func values(_ second: Double) -> [Float] {
            let a = bump(5, 15, 6), b = bump(second, 15, 8)
            return mesh.positions.map { p -> Float in
                let ridge: Double = abs(p.y - 15) < 0.5 && p.x >= 5 && p.x <= second ? 2.5 : 0
                return Float(max(a(p), b(p), ridge))
            }
        }
        let far = try SurfaceClusterFinder.clusters(values: values(20), mesh: mesh, options: ClusterOptions(threshold: 2))
        #expect(far.count == 1)
        #expect(far[0].maxima == [15 * 30 + 20, 15 * 30 + 5])  // the peak first, then the lower bump 15 mm away
        #expect(far[0].maxima.first == far[0].peak)
        let near = try SurfaceClusterFinder.clusters(values: values(11), mesh: mesh,
                                                     options: ClusterOptions(threshold: 2, peakSeparationMm: 8))
        #expect(near[0].maxima == [15 * 30 + 11])  // the lower bump is 6 mm away: not reported
    }
}
