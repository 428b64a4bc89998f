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

    /// One umbrella step from `v` into `scratch`, then swapped back; no allocation. Scalar lanes
    /// (x, y, z of each 16-byte SIMD3) rather than SIMD3 arithmetic: unoptimised builds (the tests)
    /// do not specialise SIMD operators, and the subcortical build takes thousands of these steps.
    static func step(_ v: inout [SIMD3<Float>], _ scratch: inout [SIMD3<Float>], _ n: Neighbours, _ factor: Float) {
        let stride = MemoryLayout<SIMD3<Float>>.stride / MemoryLayout<Float>.stride
        v.withUnsafeBufferPointer { vertices in
            scratch.withUnsafeMutableBufferPointer { out in
                vertices.withMemoryRebound(to: Float.self) { src in
                    out.withMemoryRebound(to: Float.self) { dst in
                        n.offsets.withUnsafeBufferPointer { off in
                            n.list.withUnsafeBufferPointer { list in
                                for i in 0 ..< vertices.count {
                                    let lo = Int(off[i]), hi = Int(off[i + 1]), a = i * stride
                                    guard hi > lo else {
                                        dst[a] = src[a]; dst[a + 1] = src[a + 1]; dst[a + 2] = src[a + 2]
                                        continue
                                    }
                                    var x: Float = 0, y: Float = 0, z: Float = 0
                                    for k in lo ..< hi {
                                        let b = Int(list[k]) * stride
                                        x += src[b]; y += src[b + 1]; z += src[b + 2]
                                    }
                                    let count = Float(hi - lo)
                                    dst[a] = src[a] + factor * (x / count - src[a])
                                    dst[a + 1] = src[a + 1] + factor * (y / count - src[a + 1])
                                    dst[a + 2] = src[a + 2] + factor * (z / count - src[a + 2])
                                }
                            }
                        }
                    }
                }
            }
        }
        swap(&v, &scratch)
    }
}
