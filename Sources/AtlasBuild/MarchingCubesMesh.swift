/// A triangle mesh in millimetres (RAS for the atlas build), with outward counter-clockwise triangles.
public struct TriangleMesh: Sendable, Equatable {
    public var vertices: [SIMD3<Float>]
    public var triangles: [SIMD3<Int32>]

    public init(vertices: [SIMD3<Float>] = [], triangles: [SIMD3<Int32>] = []) {
        self.vertices = vertices
        self.triangles = triangles
    }

    /// Enclosed volume (mm³) by the divergence theorem; positive when triangles face outward.
    public var signedVolume: Double {
        var sum = 0.0
        for t in triangles {
            let a = SIMD3<Double>(vertices[Int(t.x)]), b = SIMD3<Double>(vertices[Int(t.y)]), c = SIMD3<Double>(vertices[Int(t.z)])
            sum += (a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x))
        }
        return sum / 6
    }

    /// True when every edge is used by exactly two triangles, once in each direction
    /// (closed, 2-manifold along edges, consistently wound).
    public var isClosedAndConsistent: Bool {
        var directed = Set<UInt64>()
        directed.reserveCapacity(triangles.count * 3)
        for t in triangles {
            for (a, b) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] {
                guard a != b, directed.insert(UInt64(UInt32(a)) << 32 | UInt64(UInt32(b))).inserted else { return false }
            }
        }
        for key in directed where !directed.contains((key << 32) | (key >> 32)) { return false }
        return true
    }

    /// V − E + F (2 for each closed sphere-like surface).
    public var eulerCharacteristic: Int {
        var edges = Set<UInt64>()
        for t in triangles {
            for (a, b) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] {
                edges.insert(UInt64(UInt32(min(a, b))) << 32 | UInt64(UInt32(max(a, b))))
            }
        }
        let used = Set(triangles.flatMap { [$0.x, $0.y, $0.z] }).count
        return used - edges.count + triangles.count
    }

    /// Axis-aligned bounds of the vertices.
    public var bounds: (min: SIMD3<Float>, max: SIMD3<Float>) {
        guard var lo = vertices.first else { return (.zero, .zero) }
        var hi = lo
        for v in vertices { lo = pointwiseMin(lo, v); hi = pointwiseMax(hi, v) }
        return (lo, hi)
    }

    /// Appends `other`, shifting its indices.
    public mutating func append(_ other: TriangleMesh) {
        let base = Int32(vertices.count)
        vertices += other.vertices
        triangles += other.triangles.map { $0 &+ SIMD3(repeating: base) }
    }

    /// The connected piece (by shared vertices) with the most triangles; ties go to the piece
    /// holding the lowest vertex index. Vertices are renumbered in their old order.
    public func largestComponent() -> TriangleMesh {
        guard !triangles.isEmpty else { return self }
        let piece = pieceOfVertex()
        var count = [Int32: Int]()
        for t in triangles { count[piece[Int(t.x)], default: 0] += 1 }
        let best = count.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!.key
        var remap = [Int32](repeating: -1, count: vertices.count)
        var out = TriangleMesh()
        for t in triangles where piece[Int(t.x)] == best {
            var n = SIMD3<Int32>()
            for k in 0 ..< 3 {
                let v = Int(t[k])
                if remap[v] < 0 { remap[v] = Int32(out.vertices.count); out.vertices.append(vertices[v]) }
                n[k] = remap[v]
            }
            out.triangles.append(n)
        }
        return out
    }

    /// Vertex counts of the connected pieces (by shared vertices), largest first; vertices in no
    /// triangle are not counted.
    public var pieceSizes: [Int] {
        let piece = pieceOfVertex()
        var used = [Bool](repeating: false, count: vertices.count)
        for t in triangles { used[Int(t.x)] = true; used[Int(t.y)] = true; used[Int(t.z)] = true }
        var count = [Int32: Int]()
        for v in vertices.indices where used[v] { count[piece[v], default: 0] += 1 }
        return count.values.sorted(by: >)
    }

    /// Per vertex, the lowest vertex index of its connected piece (union–find over the triangles).
    func pieceOfVertex() -> [Int32] {
        var parent = [Int32](0 ..< Int32(vertices.count))
        func find(_ v: Int32) -> Int32 {
            var r = v
            while parent[Int(r)] != r { r = parent[Int(r)] }
            var c = v
            while parent[Int(c)] != r { let n = parent[Int(c)]; parent[Int(c)] = r; c = n }
            return r
        }
        for t in triangles {
            let a = find(t.x), b = find(t.y), c = find(t.z)
            let m = min(a, b, c)
            parent[Int(a)] = m; parent[Int(b)] = m; parent[Int(c)] = m
        }
        return (0 ..< Int32(vertices.count)).map(find)
    }
}
