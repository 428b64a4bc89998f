/// Which vertex a preset view shows at each pixel: the meshes projected orthographically onto a
/// square grid and drawn with a depth buffer on the CPU, each pixel taking the corner of its
/// nearest triangle with the largest barycentric weight. Deterministic: same meshes, same pixels.
struct ViewRaster: Sendable {
    /// Pixels on the longer side of the projected meshes.
    static let size = 384

    /// Per pixel the vertex drawn there, as an index into the meshes' vertices taken one after the
    /// other, or −1.
    let vertex: [Int32]

    init(meshes: [TriangleMesh], view: PresetView) {
        let right = SIMD3<Float>(view.forward.y * view.up.z - view.forward.z * view.up.y,
                                 view.forward.z * view.up.x - view.forward.x * view.up.z,
                                 view.forward.x * view.up.y - view.forward.y * view.up.x)
        var projected: [SIMD3<Float>] = []
        for m in meshes {
            for p in m.vertices { projected.append(SIMD3((p * right).sum(), (p * view.up).sum(), (p * view.forward).sum())) }
        }
        let n = Self.size
        var pixels = [Int32](repeating: -1, count: n * n)
        guard let first = projected.first else { vertex = pixels; return }
        var lo = SIMD2(first.x, first.y), hi = lo
        for p in projected { lo = pointwiseMin(lo, SIMD2(p.x, p.y)); hi = pointwiseMax(hi, SIMD2(p.x, p.y)) }
        let scale = Float(n - 1) / max((hi - lo).max(), 1e-6)
        for i in projected.indices { projected[i] = SIMD3((projected[i].x - lo.x) * scale, (projected[i].y - lo.y) * scale, projected[i].z) }
        var depth = [Float](repeating: .infinity, count: n * n)
        var base: Int32 = 0
        for m in meshes {
            for t in m.triangles {
                Self.draw(SIMD3(t.x + base, t.y + base, t.z + base), projected, size: n, depth: &depth, pixels: &pixels)
            }
            base += Int32(m.vertices.count)
        }
        vertex = pixels
    }

    private static func draw(_ t: SIMD3<Int32>, _ p: [SIMD3<Float>], size n: Int, depth: inout [Float], pixels: inout [Int32]) {
        let a = p[Int(t.x)], b = p[Int(t.y)], c = p[Int(t.z)]
        _ = TriangleRaster.cover(a, b, c, columns: n, rows: n) { x, y, wa, wb, wc in
            let z = wa * a.z + wb * b.z + wc * c.z
            let i = y * n + x
            guard z < depth[i] else { return }
            depth[i] = z
            pixels[i] = wa >= wb && wa >= wc ? t.x : (wb >= wc ? t.y : t.z)
        }
    }
}
