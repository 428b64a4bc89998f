extension CoverageMask {
    /// An anti-aliased straight stroke from (`x0`, `y0`) to (`x1`, `y1`), `width` pixels wide with
    /// round ends, anchored at the image origin (draw it at 0, 0): leader lines and dots.
    /// A pixel's coverage falls from full to none across the last pixel of the half-width.
    public static func segment(from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, width: Double) -> CoverageMask {
        let h = max(0.5, width / 2)
        let left = Int((min(x0, x1) - h - 1).rounded(.down)), top = Int((min(y0, y1) - h - 1).rounded(.down))
        let right = Int((max(x0, x1) + h + 1).rounded(.up)), bottom = Int((max(y0, y1) + h + 1).rounded(.up))
        var mask = CoverageMask(width: right - left, height: bottom - top, originX: left, originY: top)
        let dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy
        for py in 0..<mask.height {
            for px in 0..<mask.width {
                let cx = Double(left + px) + 0.5, cy = Double(top + py) + 0.5
                let t = len2 > 0 ? min(1, max(0, ((cx - x0) * dx + (cy - y0) * dy) / len2)) : 0
                let ex = cx - (x0 + t * dx), ey = cy - (y0 + t * dy)
                let c = min(1, max(0, h + 0.5 - (ex * ex + ey * ey).squareRoot()))
                mask.coverage[py * mask.width + px] = UInt8((c * 255).rounded())
            }
        }
        return mask
    }

    /// A filled anti-aliased disc of `radius` pixels centred on (`x`, `y`).
    public static func disc(x: Double, y: Double, radius: Double) -> CoverageMask {
        segment(from: x, y, to: x, y, width: 2 * radius)
    }
}
