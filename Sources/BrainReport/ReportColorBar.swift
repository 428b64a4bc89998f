import BrainImage
import BrainMaps

/// The report's one colour bar: the map's scale drawn once as a picture of its own beside the
/// surface views, so the views and the peak slices (drawn without theirs) share it and it can be
/// read at the page's size rather than as a strip of each thumbnail.
enum ReportColorBar {
    /// Text size of the bar: the legend's on a 1024×768 render.
    static let textSize = 14

    /// The bar of `overlay` on a white picture `height` pixels high, as narrow as its text allows.
    static func figure(_ overlay: MapOverlay, height: Int) throws -> ReportFigure {
        let bar = overlay.colorBar
        let text = try TextRenderer()
        let margin = FigureSpacing.margin(textSize: textSize)
        let width = bar.naturalWidth(size: textSize, text: text) + 2 * margin
        var image = try RGBAImage(width: width, height: height, fill: RGBA(255, 255, 255))
        if let layout = bar.layout(in: PixelRect(x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin),
                                   size: textSize, text: text) {
            bar.draw(layout, text: text, into: &image)
        }
        var svg = SVGFigure(width: width, height: height)
        if let layout = bar.layout(in: PixelRect(x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin),
                                   size: textSize, text: text) {
            bar.draw(layout, text: text, on: &svg)
        }
        let page = try RGBAImage(width: width, height: height, fill: RGBA(255, 255, 255))
        return ReportFigure(caption: "Colour scale of every picture on this page",
                            png: PNGEncoder(compression: MapReport.pictureCompression, channels: .rgb).encode(image), width: width, height: height,
                            name: "colour-bar", vectorSVG: svg.document(png: PNGEncoder(compression: MapReport.pictureCompression, channels: .rgb).encode(page)))
    }
}
