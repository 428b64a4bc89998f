import Foundation

/// A figure as SVG 1.1: the picture as an embedded PNG and its text and marks (labels, leader
/// lines, legend, colour bar, orientation letters) as SVG elements in the same pixel coordinates,
/// so a journal or an author can change the type without touching the picture. Text names DejaVu
/// Sans, the face the raster output draws with, then faces of nearly the same widths (Bitstream
/// Vera Sans, its parent; Verdana) before the generic sans-serif; its halo is a stroke painted
/// under the fill.
public struct SVGFigure: FigureCanvas {
    public let width: Int
    public let height: Int
    private var elements: [String] = []
    /// Colour-bar gradients, defined once each and named `bar<index>`.
    private var gradients: [String] = []
    /// The font stack every text element names.
    public static let fontFamily = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, 'Liberation Sans', Arial, sans-serif"

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public mutating func fill(_ rect: PixelRect, color: RGBA) {
        elements.append("<rect x=\"\(rect.x)\" y=\"\(rect.y)\" width=\"\(rect.width)\" height=\"\(rect.height)\" \(Self.paint("fill", color))/>")
    }

    public mutating func text(_ line: TextLine, x: Int, baseline: Int, color: RGBA, halo: TextHalo?, renderer: TextRenderer) {
        var style = "font-family=\"\(Self.fontFamily)\" font-size=\"\(line.size)\"\(line.bold ? " font-weight=\"bold\"" : "") \(Self.paint("fill", color))"
        if let halo {
            style += " \(Self.paint("stroke", halo.color)) stroke-width=\(Self.number(2 * halo.radius)) stroke-linejoin=\"round\" paint-order=\"stroke\""
        }
        for part in line.lines {
            elements.append("<text x=\"\(x + part.dx)\" y=\"\(baseline + part.dy)\" \(style) xml:space=\"preserve\">\(Self.escaped(part.text))</text>")
        }
    }

    /// A vertical linear gradient with a stop per 1/64 of the height (linear between them).
    public mutating func gradient(_ rect: PixelRect, color: (Double) -> RGBA) {
        let n = 64
        let stops = (0...n).map { i -> String in
            let c = color(Double(i) / Double(n))
            return "<stop offset=\(Self.number(Double(i) / Double(n))) stop-color=\"\(String(format: "#%02x%02x%02x", c.r, c.g, c.b))\"/>"
        }
        let id = "bar\(gradients.count)"
        gradients.append("<linearGradient id=\"\(id)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">\(stops.joined())</linearGradient>")
        elements.append("<rect x=\"\(rect.x)\" y=\"\(rect.y)\" width=\"\(rect.width)\" height=\"\(rect.height)\" fill=\"url(#\(id))\"/>")
    }

    public mutating func leader(through points: [(x: Double, y: Double)], width: Double, dot: Double,
                                color: RGBA, halo: RGBA, haloWidth: Double) {
        guard let a = points.first else { return }
        let coordinates = points.map { "\(Self.plain($0.x)),\(Self.plain($0.y))" }.joined(separator: " ")
        for (paint, grow) in [(halo, haloWidth), (color, 0)] {
            elements.append("<polyline points=\"\(coordinates)\" fill=\"none\" "
                            + "\(Self.paint("stroke", paint)) stroke-width=\(Self.number(width + 2 * grow)) stroke-linecap=\"round\" stroke-linejoin=\"round\"/>")
            if dot > 0 {
                elements.append("<circle cx=\(Self.number(a.x)) cy=\(Self.number(a.y)) r=\(Self.number(dot + grow)) \(Self.paint("fill", paint))/>")
            }
        }
    }

    /// The document: `png` (the picture, `width` × `height`) under the recorded elements.
    public func document(png: [UInt8]) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
        width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
        \(gradients.isEmpty ? "" : "<defs>\n" + gradients.joined(separator: "\n") + "\n</defs>\n")<image x="0" y="0" width="\(width)" height="\(height)" xlink:href="data:image/png;base64,\(Data(png).base64EncodedString())"/>
        <g id="annotations">

        """
        for e in elements { out += e + "\n" }
        out += "</g>\n</svg>\n"
        return out
    }

    static func paint(_ attribute: String, _ c: RGBA) -> String {
        let hex = String(format: "#%02x%02x%02x", c.r, c.g, c.b)
        return c.a == 255 ? "\(attribute)=\"\(hex)\"" : "\(attribute)=\"\(hex)\" \(attribute)-opacity=\(number(Double(c.a) / 255))"
    }

    static func number(_ v: Double) -> String { "\"\(plain(v))\"" }

    /// A coordinate to two decimals, without quotes.
    static func plain(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? "\(Int(r))" : "\(r)"
    }

    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
