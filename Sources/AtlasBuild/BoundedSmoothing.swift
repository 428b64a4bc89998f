/// Taubin λ|μ smoothing that keeps a marching-cubes surface true to its voxels: every vertex is
/// held in a band around the label boundary (`LabelBand`) after every step, a final offset along
/// the vertex normals restores the voxels' volume, which blurring and smoothing of small, curved
/// structures would otherwise shrink, and creases the band left are eased. A staircase of one-voxel
/// terraces fits inside a band of ±½ voxel, so the band lets smoothing take terraces out that a
/// bound on each vertex's own displacement would keep.
public enum BoundedSmoothing {
    public struct Options: Sendable {
        public var iterations = 300
        public var lambda: Float = 0.5
        /// −λ: every wave is damped, the shortest most (a step scales a wave of Laplacian
        /// eigenvalue k by 1 − λ²k²), so one-voxel terraces several millimetres apart go too, which
        /// Taubin's usual −0.53 passes as ridges; the slow shrinkage this allows is stopped by the
        /// band and undone by the volume step. 0: plain Laplacian steps (creases where the band holds).
        public var mu: Float = -0.5
        /// Edges whose faces meet at more than this are eased after smoothing, degrees (below
        /// `SurfaceQuality.creaseLimit`, so what is left stays under it).
        public var easeAbove = 45.0
        public var easeRounds = 12
        public init() {}
    }

    /// Smooths `mesh` with every vertex kept in `band`; `voxelVolume` is the volume to restore, mm³.
    static func smooth(_ mesh: TriangleMesh, voxelVolume: Double, band: LabelBand,
                       options: Options = Options()) -> TriangleMesh {
        let n = MeshSmoothing.neighbours(of: mesh)
        var out = mesh
        var held = band.holder(for: out.vertices)
        held.hold(&out.vertices)
        var scratch = mesh.vertices
        for _ in 0 ..< options.iterations {
            MeshSmoothing.step(&out.vertices, &scratch, n, options.lambda)
            if options.mu != 0 { MeshSmoothing.step(&out.vertices, &scratch, n, options.mu) }
            held.hold(&out.vertices)
        }
        for _ in 0 ..< 3 {
            let volume = SurfaceQuality.volume(out)
            let (normals, area) = vertexNormals(out)
            guard area > 0 else { break }
            let offset = Float((voxelVolume - volume) / area)
            for i in out.vertices.indices { out.vertices[i] += offset * normals[i] }
            held.hold(&out.vertices)
        }
        ease(&out, held: &held, neighbours: n, options: options)
        return out
    }

    /// Laplacian steps on the vertices of sharp edges and their neighbours only, within the band,
    /// until no edge is sharper than `easeAbove` or the rounds run out: where the band stopped
    /// smoothing (a thin fin, a corner of the label) the surface would otherwise keep a crease.
    static func ease(_ mesh: inout TriangleMesh, held: inout LabelBand.Holder,
                     neighbours n: MeshSmoothing.Neighbours, options: Options) {
        for _ in 0 ..< options.easeRounds {
            var marked = [Bool](repeating: false, count: mesh.vertices.count)
            var any = false
            for e in mesh.edgeDihedrals() where e.degrees > options.easeAbove {
                any = true
                for v in [e.a, e.b] {
                    marked[Int(v)] = true
                    for k in Int(n.offsets[Int(v)]) ..< Int(n.offsets[Int(v) + 1]) { marked[Int(n.list[k])] = true }
                }
            }
            guard any else { return }
            for _ in 0 ..< 4 {
                let before = mesh.vertices
                for i in before.indices where marked[i] {
                    let lo = Int(n.offsets[i]), hi = Int(n.offsets[i + 1])
                    guard hi > lo else { continue }
                    var sum = SIMD3<Float>.zero
                    for k in lo ..< hi { sum += before[Int(n.list[k])] }
                    mesh.vertices[i] = before[i] + 0.5 * (sum / Float(hi - lo) - before[i])
                }
                held.hold(&mesh.vertices)
            }
        }
    }

    /// Unit area-weighted vertex normals and the surface area.
    static func vertexNormals(_ mesh: TriangleMesh) -> ([SIMD3<Float>], Double) {
        var sums = [SIMD3<Float>](repeating: .zero, count: mesh.vertices.count)
        var area = 0.0
        for t in mesh.triangles {
            let a = mesh.vertices[Int(t.x)], b = mesh.vertices[Int(t.y)], c = mesh.vertices[Int(t.z)]
            let e1 = b - a, e2 = c - a
            let n = SIMD3<Float>(e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x)
            area += Double((n * n).sum().squareRoot()) / 2
            sums[Int(t.x)] += n; sums[Int(t.y)] += n; sums[Int(t.z)] += n
        }
        return (sums.map { s in
            let l = (s * s).sum().squareRoot()
            return l > 0 ? s / l : .zero
        }, area)
    }
}
