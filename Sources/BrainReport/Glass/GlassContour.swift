/// A cell mask of a glass-brain projection drawn smooth at `scale` pixels per cell: the mask,
/// averaged over each cell's 3 × 3 neighbourhood, is read bilinearly at pixel centres, and its
/// 0.5 level is the outline. The distance to that level (value over gradient, in pixels) gives
/// anti-aliased coverage, so a 1 mm staircase reads as a drawn line rather than a row of steps.
struct GlassContour {
    private let field: [Double]
    private let width: Int, height: Int
    private let scale: Int

    init(mask: [Bool], width: Int, scale: Int) {
        let height = mask.count / width
        var field = [Double](repeating: 0, count: mask.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        if nx >= 0, ny >= 0, nx < width, ny < height, mask[ny * width + nx] { sum += 1 }
                    }
                }
                field[y * width + x] = sum / 9
            }
        }
        (self.field, self.width, self.height, self.scale) = (field, width, height, scale)
    }

    /// The smoothed mask at pixel (px, py)'s centre.
    func value(_ px: Double, _ py: Double) -> Double {
        let s = Double(scale)
        let x = min(max((px + 0.5) / s - 0.5, 0), Double(width - 1)), y = min(max((py + 0.5) / s - 0.5, 0), Double(height - 1))
        let x0 = Int(x), y0 = Int(y), x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = x - Double(x0), fy = y - Double(y0)
        let top = field[y0 * width + x0] * (1 - fx) + field[y0 * width + x1] * fx
        let bottom = field[y1 * width + x0] * (1 - fx) + field[y1 * width + x1] * fx
        return top * (1 - fy) + bottom * fy
    }

    /// Signed distance in pixels from the pixel's centre to the 0.5 level (positive inside).
    func distance(_ px: Int, _ py: Int) -> Double {
        let x = Double(px), y = Double(py)
        let v = value(x, y)
        let gx = (value(x + 1, y) - value(x - 1, y)) / 2, gy = (value(x, y + 1) - value(x, y - 1)) / 2
        let g = (gx * gx + gy * gy).squareRoot()
        guard g > 1e-9 else { return v >= 0.5 ? .infinity : -.infinity }
        return (v - 0.5) / g
    }

    /// Coverage of the inside (anti-aliased at the outline).
    func fill(_ px: Int, _ py: Int) -> Double { min(1, max(0, distance(px, py) + 0.5)) }

    /// Coverage of a line `width` pixels wide along the outline.
    func line(_ px: Int, _ py: Int, width: Double) -> Double { min(1, max(0, width / 2 + 0.5 - abs(distance(px, py)))) }
}
