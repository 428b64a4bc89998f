import Testing
@testable import AtlasBuild

@Suite struct NearestVertexGridTests {
    /// A small deterministic generator, so failures reproduce.
    struct LCG { var s: UInt64; mutating func next() -> Double { s = s &* 6364136223846793005 &+ 1442695040888963407; return Double(s >> 11) / Double(1 << 53) } }

    @Test func matchesBruteForceIncludingTiesAndFarQueries() {
        var rng = LCG(s: 42)
        var points: [SIMD3<Float>] = (0 ..< 2000).map { _ in SIMD3(Float(rng.next() * 60 - 30), Float(rng.next() * 40), Float(rng.next() * 20)) }
        // Integer points and duplicates create exact ties that must go to the lowest index.
        for i in 0 ..< 200 { points.append(SIMD3(Float(i % 7), Float(i % 5), Float(i % 3))) }
        points.append(points[17])
        let grid = NearestVertexGrid(points: points, cellSize: 3)
        var queries: [SIMD3<Double>] = (0 ..< 3000).map { _ in SIMD3(rng.next() * 80 - 40, rng.next() * 60 - 10, rng.next() * 40 - 10) }
        for x in -3 ... 10 { for y in -2 ... 6 { queries.append(SIMD3(Double(x) + 0.5, Double(y), 1)) } }
        queries += [SIMD3(500, 500, 500), SIMD3(-300, 0, 0), SIMD3(Double(points[17].x), Double(points[17].y), Double(points[17].z))]
        for q in queries {
            var best = -1, bestD = Double.infinity
            for (i, p) in points.enumerated() {
                let d = NearestVertexGrid.distance2(q, p)
                if d < bestD { bestD = d; best = i }
            }
            #expect(grid.nearest(to: q) == best, "query \(q)")
        }
    }
}
