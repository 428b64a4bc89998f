/// Umbrella-operator smoothing of triangle meshes (Laplacian and Taubin λ|μ), deterministic.
public enum MeshSmoothing {
    /// Vertex neighbours in compressed form: neighbours of v are `list[offsets[v] ..< offsets[v + 1]]`, sorted.
    public struct Neighbours: Sendable {
        public var offsets: [Int32]
        public var list: [Int32]
    }

    public static func neighbours(of mesh: TriangleMesh) -> Neighbours {
        var pairs: [UInt64] = []
        pairs.reserveCapacity(mesh.triangles.count * 6)
        for t in mesh.triangles {
            for (a, b) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] {
                pairs.append(UInt64(UInt32(a)) << 32 | UInt64(UInt32(b)))
                pairs.append(UInt64(UInt32(b)) << 32 | UInt64(UInt32(a)))
            }
        }
        pairs.sort()
        var offsets = [Int32](repeating: 0, count: mesh.vertices.count + 1)
        var list: [Int32] = []
        list.reserveCapacity(pairs.count / 2)
        var previous: UInt64 = .max
        for p in pairs where p != previous {
            previous = p
            offsets[Int(p >> 32) + 1] += 1
            list.append(Int32(truncatingIfNeeded: p & 0xFFFF_FFFF))
        }
        for v in 0 ..< mesh.vertices.count { offsets[v + 1] += offsets[v] }
        return Neighbours(offsets: offsets, list: list)
    }

    /// Taubin smoothing: each iteration moves every vertex by λ toward its neighbours' mean, then by μ
    /// (negative, |μ| > λ) away from it, which smooths without the shrinkage of plain Laplacian steps.
    public static func taubin(_ mesh: TriangleMesh, iterations: Int, lambda: Float = 0.5, mu: Float = -0.53) -> TriangleMesh {
        let n = neighbours(of: mesh)
        var out = mesh
        var scratch = mesh.vertices
        for _ in 0 ..< iterations {
            step(&out.vertices, &scratch, n, lambda)
            step(&out.vertices, &scratch, n, mu)
        }
        return out
    }

    /// Plain Laplacian smoothing (shrinks; used where shrinkage does not matter).
    public static func laplacian(_ mesh: TriangleMesh, iterations: Int, lambda: Float = 0.5) -> TriangleMesh {
        let n = neighbours(of: mesh)
        var out = mesh
        var scratch = mesh.vertices
        for _ in 0 ..< iterations { step(&out.vertices, &scratch, n, lambda) }
        return out
    }

    /// One umbrella step from `v` into `scratch`, then swapped back; no allocation.
    static func step(_ v: inout [SIMD3<Float>], _ scratch: inout [SIMD3<Float>], _ n: Neighbours, _ factor: Float) {
        v.withUnsafeBufferPointer { src in
            scratch.withUnsafeMutableBufferPointer { dst in
                n.offsets.withUnsafeBufferPointer { off in
                    n.list.withUnsafeBufferPointer { list in
                        for i in 0 ..< src.count {
                            let lo = Int(off[i]), hi = Int(off[i + 1])
                            guard hi > lo else { dst[i] = src[i]; continue }
                            var sum = SIMD3<Float>.zero
                            for k in lo ..< hi { sum += src[Int(list[k])] }
                            let mean = sum / Float(hi - lo)
                            dst[i] = src[i] + factor * (mean - src[i])
                        }
                    }
                }
            }
        }
        swap(&v, &scratch)
    }
}
