import BrainImage

/// A statistical map's colour bar on a render: a strip on the image's right that the brain is
/// framed beside (set before any pass, so picks match the picture).
extension AtlasScene {
    /// The colour bar's strip on a `width`-pixel-wide image: a fifth of it, 110…240 px; 0 (no bar)
    /// on images too narrow to spare it.
    public static func colorBarStrip(width: Int) -> Int {
        RendererContract.colorBarStripWidth(width)
    }

    /// The framing that keeps the brain out of the colour bar's strip.
    static func colorBarFraming(width: Int, height: Int) -> FramingArea {
        let strip = colorBarStrip(width: width)
        return strip == 0 ? .whole : FramingArea(PixelRect(x: 0, y: 0, width: width - strip, height: height), width: width, height: height)
    }

    /// The colour bar laid out in its strip, vertically centred (nil without a map or a strip).
    func colorBarLayout(text: TextRenderer) -> (bar: ColorBar, layout: ColorBar.Layout)? {
        let strip = Self.colorBarStrip(width: scene.width)
        guard let bar = map?.colorBar, strip > 0, !colorBarShared else { return nil }
        let size = SceneAnnotations.legendSize(width: scene.width, height: scene.height)
        let margin = FigureSpacing.margin(textSize: size)
        let area = PixelRect(x: scene.width - strip, y: margin, width: strip - margin, height: scene.height - 2 * margin)
        return bar.layout(in: area, size: size, text: text).map { (bar, $0) }
    }

    /// This scene for figures that share one colour bar drawn apart (the report's views): the map
    /// still colours the cortex, the brain takes the whole image and no bar is drawn on it.
    public func sharingItsColorBar() throws -> AtlasScene {
        var out = try framed(in: .whole)
        out.colorBarShared = true
        return out
    }

    /// Draws the colour bar in its strip on `canvas` (the raster image or a vector figure).
    func drawColorBar<C: FigureCanvas>(on canvas: inout C, text: TextRenderer) {
        if let (bar, layout) = colorBarLayout(text: text) { bar.draw(layout, text: text, on: &canvas) }
    }
}
