/// Scan conversion of one projected triangle onto a pixel grid, shared by the build's CPU rasterisers.
enum TriangleRaster {
    /// A little tolerance, so pixels on an edge shared by two triangles are never missed by both.
    static let edgeTolerance: Float = 1e-4

    /// Calls `visit(x, y, wa, wb, wc)` for every pixel centre (integer grid point) of a
    /// `columns` × `rows` grid that the triangle covers, with its barycentric weights. Returns
    /// false, visiting nothing, when the triangle is edge-on or its box holds no pixel centre.
    @inline(__always)
    static func cover(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>, columns: Int, rows: Int,
                      _ visit: (_ x: Int, _ y: Int, _ wa: Float, _ wb: Float, _ wc: Float) -> Void) -> Bool {
        let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
        let x0 = max(0, Int(min(a.x, b.x, c.x).rounded(.up))), x1 = min(columns - 1, Int(max(a.x, b.x, c.x).rounded(.down)))
        let y0 = max(0, Int(min(a.y, b.y, c.y).rounded(.up))), y1 = min(rows - 1, Int(max(a.y, b.y, c.y).rounded(.down)))
        guard abs(area) > 1e-9, x0 <= x1, y0 <= y1 else { return false }
        for y in y0 ... y1 {
            for x in x0 ... x1 {
                let px = Float(x), py = Float(y)
                let wa = ((b.x - px) * (c.y - py) - (c.x - px) * (b.y - py)) / area
                let wb = ((c.x - px) * (a.y - py) - (a.x - px) * (c.y - py)) / area
                let wc = 1 - wa - wb
                guard wa >= -edgeTolerance, wb >= -edgeTolerance, wc >= -edgeTolerance else { continue }
                visit(x, y, wa, wb, wc)
            }
        }
        return true
    }
}
