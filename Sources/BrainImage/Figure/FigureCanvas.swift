/// Where a figure's text and marks go: the raster image (`RGBAImage`), or a vector record
/// (`SVGFigure`, `PDFFigure`) that journals can edit. Labels, the legend, the colour bar and the
/// orientation letters draw through it, so every output holds the same things in the same places.
public protocol FigureCanvas {
    /// Blends a solid rectangle.
    mutating func fill(_ rect: PixelRect, color: RGBA)
    /// `line` with its pen start on the baseline at (`x`, `baseline`), over its halo if any.
    mutating func text(_ line: TextLine, x: Int, baseline: Int, color: RGBA, halo: TextHalo?, renderer: TextRenderer)
    /// A line through `points` (and a dot at the first when `dot` > 0), over a halo `haloWidth`
    /// wider on each side.
    mutating func leader(through points: [(x: Double, y: Double)], width: Double, dot: Double,
                         color: RGBA, halo: RGBA, haloWidth: Double)
    /// Fills `rect` with colours running from its top row (`color(0)`) to its bottom row (`color(1)`).
    mutating func gradient(_ rect: PixelRect, color: (Double) -> RGBA)
}

extension RGBAImage: FigureCanvas {
    public mutating func fill(_ rect: PixelRect, color: RGBA) { blend(rect: rect, color: color) }

    public mutating func text(_ line: TextLine, x: Int, baseline: Int, color: RGBA, halo: TextHalo?, renderer: TextRenderer) {
        renderer.draw(line, x: x, baseline: baseline, color: color, halo: halo, into: &self)
    }

    /// One colour per pixel row, each row's centre sampled.
    public mutating func gradient(_ rect: PixelRect, color: (Double) -> RGBA) {
        for row in 0..<max(0, rect.height) {
            let t = rect.height > 1 ? Double(row) / Double(rect.height - 1) : 0
            let c = color(t)
            blend(rect: PixelRect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), color: RGBA(c.r, c.g, c.b, 255))
        }
    }

    public mutating func leader(through points: [(x: Double, y: Double)], width: Double, dot: Double,
                                color: RGBA, halo: RGBA, haloWidth: Double) {
        guard let a = points.first else { return }
        var marks = zip(points, points.dropFirst()).map { CoverageMask.segment(from: $0.x, $0.y, to: $1.x, $1.y, width: width) }
        if dot > 0 { marks.append(CoverageMask.disc(x: a.x, y: a.y, radius: dot)) }
        // All halos first, then all ink, so no halo covers the line where its pieces meet.
        for mark in marks { blend(mark.dilated(radius: haloWidth), x: 0, y: 0, color: halo) }
        for mark in marks { blend(mark, x: 0, y: 0, color: color) }
    }
}
