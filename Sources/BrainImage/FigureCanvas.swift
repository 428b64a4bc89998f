/// Where a figure's text and marks go: the raster image (`RGBAImage`), or a vector record
/// (`SVGFigure`) that journals can edit. Labels, the legend and the orientation letters draw
/// through it, so both outputs hold the same things in the same places.
public protocol FigureCanvas {
    /// Blends a solid rectangle.
    mutating func fill(_ rect: PixelRect, color: RGBA)
    /// `line` with its pen start on the baseline at (`x`, `baseline`), over its halo if any.
    mutating func text(_ line: TextLine, x: Int, baseline: Int, color: RGBA, halo: TextHalo?, renderer: TextRenderer)
    /// A line segment (and a dot at its start when `dot` > 0), over a halo `haloWidth` wider on each side.
    mutating func leader(from a: (x: Double, y: Double), to b: (x: Double, y: Double), width: Double, dot: Double,
                         color: RGBA, halo: RGBA, haloWidth: Double)
}

extension RGBAImage: FigureCanvas {
    public mutating func fill(_ rect: PixelRect, color: RGBA) { blend(rect: rect, color: color) }

    public mutating func text(_ line: TextLine, x: Int, baseline: Int, color: RGBA, halo: TextHalo?, renderer: TextRenderer) {
        renderer.draw(line, x: x, baseline: baseline, color: color, halo: halo, into: &self)
    }

    public mutating func leader(from a: (x: Double, y: Double), to b: (x: Double, y: Double), width: Double, dot: Double,
                                color: RGBA, halo: RGBA, haloWidth: Double) {
        let line = CoverageMask.segment(from: a.x, a.y, to: b.x, b.y, width: width)
        let mark = dot > 0 ? CoverageMask.disc(x: a.x, y: a.y, radius: dot) : nil
        blend(line.dilated(radius: haloWidth), x: 0, y: 0, color: halo)
        if let mark { blend(mark.dilated(radius: haloWidth), x: 0, y: 0, color: halo) }
        blend(line, x: 0, y: 0, color: color)
        if let mark { blend(mark, x: 0, y: 0, color: color) }
    }
}
