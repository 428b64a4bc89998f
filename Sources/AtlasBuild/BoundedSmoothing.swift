/// Taubin λ|μ smoothing that keeps a marching-cubes surface true to its voxels: every vertex
/// stays within `maxShift` of where marching cubes put it (near the label boundary), and a final
/// offset along the vertex normals restores the voxels' volume, which blurring and smoothing of
/// small, curved structures would otherwise shrink.
public enum BoundedSmoothing {
    public struct Options: Sendable {
        public var iterations = 100
        public var lambda: Float = 0.5
        /// 0: plain Laplacian steps (the volume step and the bound undo their shrinkage).
        public var mu: Float = -0.53
        /// mm; marching cubes on the blurred mask already lies near the boundary, so smoothing
        /// may only take out the remaining ripples.
        public var maxShift: Float = 0.45
        public init() {}
    }

    public static func smooth(_ mesh: TriangleMesh, voxelVolume: Double, options: Options = Options()) -> TriangleMesh {
        let original = mesh.vertices
        let n = MeshSmoothing.neighbours(of: mesh)
        var out = mesh
        var scratch = mesh.vertices
        for _ in 0 ..< options.iterations {
            MeshSmoothing.step(&out.vertices, &scratch, n, options.lambda)
            if options.mu != 0 { MeshSmoothing.step(&out.vertices, &scratch, n, options.mu) }
            clamp(&out.vertices, original, options.maxShift)
        }
        for _ in 0 ..< 3 {
            let volume = SurfaceQuality.volume(out)
            let (normals, area) = vertexNormals(out)
            guard area > 0 else { break }
            let offset = Float((voxelVolume - volume) / area)
            for i in out.vertices.indices { out.vertices[i] += offset * normals[i] }
            clamp(&out.vertices, original, options.maxShift)
        }
        return out
    }

    static func clamp(_ v: inout [SIMD3<Float>], _ original: [SIMD3<Float>], _ limit: Float) {
        for i in v.indices {
            let d = v[i] - original[i]
            let length = (d * d).sum().squareRoot()
            if length > limit { v[i] = original[i] + d * (limit / length) }
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
