import BrainAtlas

/// Which regions touch on the pial mesh: pairs of region ids joined by at least one mesh edge.
struct RegionAdjacency: Sendable {
    struct Pair: Hashable, Sendable, Comparable {
        let low: Int, high: Int
        init(_ a: Int, _ b: Int) { low = min(a, b); high = max(a, b) }
        static func < (x: Pair, y: Pair) -> Bool { (x.low, x.high) < (y.low, y.high) }
    }

    /// Sorted, so everything built from it is reproducible.
    let pairs: [Pair]

    /// `labels[h][v]`: region id of vertex v on hemisphere h (0 = none); `triangles[h]` its mesh.
    init(labels: [[UInt16]], triangles: [[SIMD3<Int32>]]) {
        var set = Set<Pair>()
        for (h, tris) in triangles.enumerated() {
            let l = labels[h]
            for t in tris {
                let a = Int(l[Int(t.x)]), b = Int(l[Int(t.y)]), c = Int(l[Int(t.z)])
                for (p, q) in [(a, b), (b, c), (c, a)] where p != q && p != 0 && q != 0 { set.insert(Pair(p, q)) }
            }
        }
        pairs = set.sorted()
    }
}
