import Foundation

/// Ambient openness per vertex of a closed surface: the cosine-weighted share of directions over
/// the vertex's normal from which nothing else of the surface hides it.
///
/// Each of `directionCount` directions (a Fibonacci sphere) gets an orthographic depth map of the
/// whole mesh at `pixelMM`; a vertex sees the sky along a direction when no surface in its pixel
/// lies more than a bias (half a millimetre plus the slope's rise across a pixel, at most 3 mm)
/// nearer the sky than the vertex. Deterministic, CPU only, no threads.
enum SurfaceOcclusion {
    static let directionCount = 96
    static let pixelMM: Float = 0.5

    /// Openness 0 … 1 of every vertex (area-weighted vertex normals from the triangles).
    static func openness(_ mesh: TriangleMesh) -> [Float] {
        let normals = vertexNormals(mesh)
        var seen = [Float](repeating: 0, count: mesh.vertices.count)
        var total = [Float](repeating: 0, count: mesh.vertices.count)
        for toSky in directions() {
            let map = DepthMap(mesh, toSky: toSky)
            for (i, p) in mesh.vertices.enumerated() {
                let cosine = (normals[i] * toSky).sum()
                guard cosine > 0 else { continue }
                total[i] += cosine
                let slope = min((1 - cosine * cosine).squareRoot() / max(cosine, 0.05), 4)
                let bias = min(0.5 + slope * pixelMM, 3)
                if map.height(at: p) <= map.skyward(p) + bias { seen[i] += cosine }
            }
        }
        return zip(seen, total).map { $1 > 0 ? $0 / $1 : 1 }
    }

    /// Unit directions spread evenly over the sphere.
    static func directions() -> [SIMD3<Float>] {
        let golden = Float.pi * (3 - Float(5).squareRoot())
        return (0..<directionCount).map { i in
            let z = 1 - 2 * (Float(i) + 0.5) / Float(directionCount)
            let r = (1 - z * z).squareRoot(), a = golden * Float(i)
            return SIMD3(r * cos(a), r * sin(a), z)
        }
    }

    static func vertexNormals(_ mesh: TriangleMesh) -> [SIMD3<Float>] {
        var sums = [SIMD3<Float>](repeating: .zero, count: mesh.vertices.count)
        for t in mesh.triangles {
            let a = mesh.vertices[Int(t.x)], b = mesh.vertices[Int(t.y)], c = mesh.vertices[Int(t.z)]
            let u = b - a, v = c - a
            let n = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
            sums[Int(t.x)] += n; sums[Int(t.y)] += n; sums[Int(t.z)] += n
        }
        return sums.map { n in
            let length = (n * n).sum().squareRoot()
            return length > 0 ? n / length : SIMD3(0, 0, 1)
        }
    }

    /// The highest surface (along `toSky`) over each pixel of a plane across `toSky`.
    struct DepthMap {
        let u: SIMD3<Float>, v: SIMD3<Float>, w: SIMD3<Float>
        let origin: SIMD2<Float>
        let columns: Int, rows: Int
        var heights: [Float]

        init(_ mesh: TriangleMesh, toSky w: SIMD3<Float>) {
            let helper: SIMD3<Float> = abs(w.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0)
            var u = SIMD3(helper.y * w.z - helper.z * w.y, helper.z * w.x - helper.x * w.z, helper.x * w.y - helper.y * w.x)
            u /= (u * u).sum().squareRoot()
            let v = SIMD3(w.y * u.z - w.z * u.y, w.z * u.x - w.x * u.z, w.x * u.y - w.y * u.x)
            (self.u, self.v, self.w) = (u, v, w)
            let projected = mesh.vertices.map { SIMD3(($0 * u).sum(), ($0 * v).sum(), ($0 * w).sum()) }
            var lo = SIMD2<Float>(repeating: .greatestFiniteMagnitude), hi = -lo
            for p in projected { lo = pointwiseMin(lo, SIMD2(p.x, p.y)); hi = pointwiseMax(hi, SIMD2(p.x, p.y)) }
            origin = lo - 2 * SurfaceOcclusion.pixelMM
            columns = Int(((hi.x - origin.x) / SurfaceOcclusion.pixelMM).rounded(.up)) + 3
            rows = Int(((hi.y - origin.y) / SurfaceOcclusion.pixelMM).rounded(.up)) + 3
            heights = [Float](repeating: -.greatestFiniteMagnitude, count: columns * rows)
            let grid = projected.map { SIMD3(($0.x - origin.x) / SurfaceOcclusion.pixelMM, ($0.y - origin.y) / SurfaceOcclusion.pixelMM, $0.z) }
            for t in mesh.triangles { fill(grid[Int(t.x)], grid[Int(t.y)], grid[Int(t.z)]) }
        }

        /// Rasterises one triangle (pixel centres at integer grid points), keeping the highest.
        private mutating func fill(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>) {
            let columns = self.columns
            let covered = TriangleRaster.cover(a, b, c, columns: columns, rows: rows) { x, y, wa, wb, wc in
                self.heights[y * columns + x] = max(self.heights[y * columns + x], wa * a.z + wb * b.z + wc * c.z)
            }
            // Smaller than a pixel or edge-on: its corners still mark their pixels.
            if !covered { for p in [a, b, c] { mark(Int(p.x.rounded()), Int(p.y.rounded()), p.z) } }
        }

        private mutating func mark(_ x: Int, _ y: Int, _ h: Float) {
            guard x >= 0, y >= 0, x < columns, y < rows else { return }
            heights[y * columns + x] = max(heights[y * columns + x], h)
        }

        /// The vertex's own height along the sky direction.
        func skyward(_ p: SIMD3<Float>) -> Float { (p * w).sum() }

        /// The highest surface at the pixel nearest `p`.
        func height(at p: SIMD3<Float>) -> Float {
            let x = Int((((p * u).sum() - origin.x) / SurfaceOcclusion.pixelMM).rounded())
            let y = Int((((p * v).sum() - origin.y) / SurfaceOcclusion.pixelMM).rounded())
            guard x >= 0, y >= 0, x < columns, y < rows else { return -.greatestFiniteMagnitude }
            return heights[y * columns + x]
        }
    }
}
