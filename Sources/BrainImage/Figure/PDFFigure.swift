import Foundation

/// A figure as a one-page PDF: the picture as a Flate-compressed image (PNG-predicted scanlines,
/// with a soft mask when the background is transparent) and its text and marks (labels, leader
/// lines, legend, colour bar, orientation letters) as PDF text, paths and shadings in the same
/// pixel coordinates, so journals can edit the type. Text is set in the font the raster output
/// draws with (DejaVu Sans, regular and bold), embedded as a subset with its widths
/// (`PDFEmbeddedFont`), as journals' preflight checks ask; halos are a stroke drawn under the
/// fill. One pixel is 72/dpi points (300 dpi when the request states none: 1024 px is 87 mm, a
/// journal column).
public struct PDFFigure: FigureCanvas {
    public let width: Int
    public let height: Int
    /// Page content operators, in pixel coordinates with y down (the page's matrix flips it).
    private var content: [String] = []
    /// Fill/stroke opacities in use, each an ExtGState named `/A<percent>`.
    private var opacities: Set<Int> = []
    /// Embedded fonts by file, named `/F<index>` in their order here.
    private var fonts: [PDFEmbeddedFont] = []
    /// Colour-bar gradients, each a shading named `/S<index>`.
    private var shadings: [String] = []
    /// A font that could not be read for embedding: `document` reports it.
    private var fontError: TextError?

    public static let defaultDPI = 300

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public mutating func fill(_ rect: PixelRect, color: RGBA) {
        content.append("\(paint(color, stroke: false)) \(rect.x) \(rect.y) \(rect.width) \(rect.height) re f")
    }

    public mutating func text(_ line: TextLine, x: Int, baseline: Int, color: RGBA, halo: TextHalo?, renderer: TextRenderer) {
        guard let font = fontIndex(bold: line.bold, renderer: renderer) else { return }
        for part in line.lines {
            let string = fonts[font].shown(part.text)
            // The text matrix flips y back, so glyphs stand upright on the flipped page.
            let place = "BT /F\(font) \(line.size) Tf 1 0 0 -1 \(x + part.dx) \(baseline + part.dy) Tm"
            if let halo {
                content.append("q \(paint(halo.color, stroke: true)) \(Self.number(2 * halo.radius)) w 1 j \(place) 1 Tr \(string) TJ ET Q")
            }
            content.append("q \(paint(color, stroke: false)) \(place) 0 Tr \(string) TJ ET Q")
        }
    }

    /// An axial shading from the rectangle's top to its bottom through `color` sampled at 64
    /// evenly spaced stops (linear between them), clipped to the rectangle.
    public mutating func gradient(_ rect: PixelRect, color: (Double) -> RGBA) {
        let n = 64
        let stops = (0...n).map { color(Double($0) / Double(n)) }
        let rgb = { (c: RGBA) in [c.r, c.g, c.b].map { Self.number(Double($0) / 255) }.joined(separator: " ") }
        let pieces = zip(stops, stops.dropFirst()).map { "<< /FunctionType 2 /Domain [0 1] /C0 [\(rgb($0))] /C1 [\(rgb($1))] /N 1 >>" }
        let bounds = (1..<n).map { Self.number(Double($0) / Double(n)) }.joined(separator: " ")
        let encode = Array(repeating: "0 1", count: n).joined(separator: " ")
        shadings.append("<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 \(rect.y) 0 \(rect.maxY)] /Extend [true true] "
                        + "/Function << /FunctionType 3 /Domain [0 1] /Functions [\(pieces.joined(separator: " "))] "
                        + "/Bounds [\(bounds)] /Encode [\(encode)] >> >>")
        content.append("q \(rect.x) \(rect.y) \(rect.width) \(rect.height) re W n /S\(shadings.count - 1) sh Q")
    }

    /// The index of the embedded font for a line: the renderer's typeface, or the system's bold
    /// one for bold lines; nil (and `fontError` set) when the font cannot be embedded.
    private mutating func fontIndex(bold: Bool, renderer: TextRenderer) -> Int? {
        let typeface: Typeface
        do { typeface = bold ? try Typeface.system(.bold) : renderer.typeface } catch {
            fontError = fontError ?? error
            return nil
        }
        if let i = fonts.firstIndex(where: { $0.font.path == typeface.path }) { return i }
        do { fonts.append(PDFEmbeddedFont(try TrueTypeFont(path: typeface.path, bytes: typeface.bytes))) } catch {
            fontError = fontError ?? error
            return nil
        }
        return fonts.count - 1
    }

    public mutating func leader(through points: [(x: Double, y: Double)], width: Double, dot: Double,
                                color: RGBA, halo: RGBA, haloWidth: Double) {
        guard let a = points.first else { return }
        let path = "\(Self.number(a.x)) \(Self.number(a.y)) m "
            + points.dropFirst().map { "\(Self.number($0.x)) \(Self.number($0.y)) l" }.joined(separator: " ")
        for (c, grow) in [(halo, haloWidth), (color, 0)] {
            var ops = "q \(paint(c, stroke: true)) \(paint(c, stroke: false)) \(Self.number(width + 2 * grow)) w 1 J 1 j \(path) S"
            if dot > 0 { ops += " " + Self.circle(a.x, a.y, radius: dot + grow) + " f" }
            content.append(ops + " Q")
        }
    }

    /// The file: `rgba` (the picture, straight alpha, rows top-down, `width` × `height`) under
    /// the recorded text and marks; with `transparent` its alpha becomes the image's soft mask.
    /// Throws when a font could not be embedded (a font file without TrueType outlines).
    public func document(rgba: [UInt8], transparent: Bool, dpi: Int?) throws(TextError) -> [UInt8] {
        if let fontError { throw fontError }
        precondition(rgba.count == width * height * 4, "PDFFigure: picture size")
        let scale = 72 / Double(dpi ?? Self.defaultDPI)
        let (pageWidth, pageHeight) = (Double(width) * scale, Double(height) * scale)
        var pdf = PDFWriter()
        pdf.add("/Type /Catalog /Pages 2 0 R")
        pdf.add("/Type /Pages /Kids [3 0 R] /Count 1")
        // Objects: 1–5 document, page, content and picture; 6 the soft mask when transparent;
        // then each shading, then five per font.
        let firstShading = transparent ? 7 : 6, firstFont = firstShading + shadings.count
        let fontNames = fonts.indices.map { "/F\($0) \(firstFont + 5 * $0) 0 R" }.joined(separator: " ")
        let shadingNames = shadings.indices.map { "/S\($0) \(firstShading + $0) 0 R" }.joined(separator: " ")
        let states = opacities.sorted().map { "/A\($0) << /Type /ExtGState /ca \(Double($0) / 100) /CA \(Double($0) / 100) >>" }
        pdf.add("/Type /Page /Parent 2 0 R /MediaBox [0 0 \(Self.number(pageWidth)) \(Self.number(pageHeight))] "
                + "/Resources << /XObject << /Picture 5 0 R >> /Font << \(fontNames) >> "
                + "/Shading << \(shadingNames) >> /ExtGState << \(states.joined(separator: " ")) >> >> /Contents 4 0 R")
        // Pixels to points with y down: every operator above uses image pixel coordinates.
        var page = "\(Self.number(scale)) 0 0 \(Self.number(-scale)) 0 \(Self.number(pageHeight)) cm\n"
        page += "q \(width) 0 0 -\(height) 0 \(height) cm /Picture Do Q\n"
        page += content.joined(separator: "\n") + "\n"
        pdf.add("", stream: Array(page.utf8))
        let mask = transparent ? " /SMask 8 0 R" : ""
        pdf.add(Self.imageDictionary(width: width, height: height, colors: 3, space: "/DeviceRGB") + mask,
                stream: Self.deflated(rgba, width: width, height: height, channels: 3))
        if transparent {
            pdf.add(Self.imageDictionary(width: width, height: height, colors: 1, space: "/DeviceGray"),
                    stream: Self.deflated(rgba, width: width, height: height, channels: 1))
        }
        for shading in shadings {
            // A shading dictionary is written whole: strip its own brackets for `add`.
            pdf.add(String(shading.dropFirst(3).dropLast(3)))
        }
        for (i, font) in fonts.enumerated() {
            for object in font.objects(first: firstFont + 5 * i) { pdf.add(object.dictionary, stream: object.stream) }
        }
        return pdf.finished()
    }

    static func imageDictionary(width: Int, height: Int, colors: Int, space: String) -> String {
        "/Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace \(space) /BitsPerComponent 8 "
            + "/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors \(colors) /BitsPerComponent 8 /Columns \(width) >>"
    }

    /// The zlib stream of PNG-filtered scanlines (`PNGScanlineStream`), which PDF's Flate filter
    /// with PNG predictors reads as it is.
    static func deflated(_ rgba: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        rgba.withUnsafeBufferPointer { p in
            PNGScanlineStream(topRow: p.baseAddress!, rowStride: width * 4, width: width, height: height, channels: channels).deflated()
        }
    }

    /// Colour operator for fill (`rg`) or stroke (`RG`), with the opacity's ExtGState when below 1.
    private mutating func paint(_ c: RGBA, stroke: Bool) -> String {
        let rgb = [c.r, c.g, c.b].map { Self.number(Double($0) / 255) }.joined(separator: " ") + (stroke ? " RG" : " rg")
        guard c.a < 255 else { return rgb }
        let percent = Int((Double(c.a) / 255 * 100).rounded())
        opacities.insert(percent)
        return "/A\(percent) gs " + rgb
    }

    /// A full circle as four Bézier quarter arcs.
    static func circle(_ x: Double, _ y: Double, radius r: Double) -> String {
        let k = 0.5523 * r
        let n = { (v: Double) in number(v) }
        return "\(n(x + r)) \(n(y)) m "
            + "\(n(x + r)) \(n(y + k)) \(n(x + k)) \(n(y + r)) \(n(x)) \(n(y + r)) c "
            + "\(n(x - k)) \(n(y + r)) \(n(x - r)) \(n(y + k)) \(n(x - r)) \(n(y)) c "
            + "\(n(x - r)) \(n(y - k)) \(n(x - k)) \(n(y - r)) \(n(x)) \(n(y - r)) c "
            + "\(n(x + k)) \(n(y - r)) \(n(x + r)) \(n(y - k)) \(n(x + r)) \(n(y)) c"
    }

    static func number(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
