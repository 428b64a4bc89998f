import BrainAtlas
import BrainFormats

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

extension RegionAdjacency {
    /// Regions of a volume atlas that share a voxel face (`CanonicalFrame` indices).
    init(volume: AtlasVolume) {
        let n = CanonicalFrame.size
        var dense = [UInt16](repeating: 0, count: n * n * n)
        for (i, l) in zip(volume.indices, volume.labels) { dense[Int(i)] = l }
        var set = Set<Pair>()
        for i in volume.indices.map(Int.init) {
            let a = dense[i], x = i % n, y = (i / n) % n, z = i / (n * n)
            for (step, inside) in [(1, x + 1 < n), (n, y + 1 < n), (n * n, z + 1 < n)] where inside {
                let b = dense[i + step]
                if b != 0, b != a { set.insert(Pair(Int(a), Int(b))) }
            }
        }
        pairs = set.sorted()
    }

    init(pairs: [Pair]) { self.pairs = pairs.sorted() }

    /// Every pair of `count` regions (ids 1…count).
    static func all(_ count: Int) -> Set<Pair> {
        var out = Set<Pair>()
        for a in stride(from: 1, through: count, by: 1) { for b in stride(from: a + 1, through: count, by: 1) { out.insert(Pair(a, b)) } }
        return out
    }
}
