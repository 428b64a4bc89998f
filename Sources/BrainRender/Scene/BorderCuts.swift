/// Where each border edge (corners with different labels) is cut. Cuts start at edge midpoints;
/// then the border polyline is relaxed: each cut slides along its edge toward the middle of its
/// two border neighbours (the next cuts, or the centroid where three labels meet), which straightens the triangle-edge zig-zag while every
/// cut stays on its own edge (so no region can vanish or jump over a vertex).
public struct BorderCuts {
    public static let defaultRelaxation = 6
    /// Cuts stay this far from the corners so no piece degenerates to a sliver.
    public static let margin: Float = 0.02

    /// The border edges, numbered.
    private(set) var edges: EdgeIndex
    /// Cut fraction from the edge's lower vertex index to its higher one.
    private var fractions: [Float] = []

    init(positions: [SIMD3<Float>], triangles: [UInt32], labels: [UInt32], relaxation: Int) {
        // Border links: two cuts of a two-label triangle, or a cut and the centroid of a three-label one.
        var links: [(Int, Int)] = []
        var junctions: [[Int]] = []
        var edges = EdgeIndex(expected: triangles.count / 24)
        func edge(_ a: UInt32, _ b: UInt32) -> Int { edges.insert(a, b) }
        var t = 0
        while t + 2 < triangles.count {
            let a = triangles[t], b = triangles[t + 1], c = triangles[t + 2]
            t += 3
            let la = labels[Int(a)]
            if la == labels[Int(b)] && la == labels[Int(c)] { continue }
            let v = [a, b, c]
            let l = v.map { labels[Int($0)] }
            if l[0] != l[1] && l[1] != l[2] && l[0] != l[2] {
                junctions.append([edge(v[0], v[1]), edge(v[1], v[2]), edge(v[2], v[0])])
                continue
            }
            let k = l[0] == l[1] ? 2 : (l[1] == l[2] ? 0 : 1)
            links.append((edge(v[(k + 1) % 3], v[k]), edge(v[k], v[(k + 2) % 3])))
        }
        self.edges = edges
        let ends = edges.ends.map { (Int($0.low), Int($0.high)) }
        var neighbours = [[Int]](repeating: [], count: ends.count)   // ≥ 0: a cut; < 0: junction −1 − j
        for (a, b) in links { neighbours[a].append(b); neighbours[b].append(a) }
        for (j, cuts) in junctions.enumerated() { for c in cuts { neighbours[c].append(-1 - j) } }

        var s = [Float](repeating: 0.5, count: ends.count)
        func point(_ e: Int) -> SIMD3<Float> {
            let (a, b) = ends[e]
            return positions[a] + s[e] * (positions[b] - positions[a])
        }
        for _ in 0..<relaxation {
            let junctionPoints = junctions.map { cuts in cuts.reduce(SIMD3<Float>.zero) { $0 + point($1) } / 3 }
            var next = s
            for e in ends.indices where neighbours[e].count == 2 {
                let target = neighbours[e].reduce(SIMD3<Float>.zero) { $0 + ($1 >= 0 ? point($1) : junctionPoints[-1 - $1]) } / 2
                let (a, b) = ends[e]
                let d = positions[b] - positions[a]
                let length2 = (d * d).sum()
                guard length2 > 0 else { continue }
                next[e] = min(1 - Self.margin, max(Self.margin, ((target - positions[a]) * d).sum() / length2))
            }
            s = next
        }
        fractions = s
    }

    /// Cut position on edge (a, b) as weights of a and b (they sum to 1).
    func weights(_ a: UInt32, _ b: UInt32) -> (Float, Float) {
        weights(edge: edges.index(a, b), a, b)
    }

    /// The same for edge number `edge` of `edges` (nil: not a border edge, cut at its midpoint).
    func weights(edge: Int?, _ a: UInt32, _ b: UInt32) -> (Float, Float) {
        let s = edge.map { fractions[$0] } ?? 0.5
        return a < b ? (1 - s, s) : (s, 1 - s)
    }

}
