import Foundation

/// A figure as a one-page PDF: the picture as a Flate-compressed image (PNG-predicted scanlines,
/// with a soft mask when the background is transparent) and its text and marks (labels, leader
/// lines, legend, orientation letters) as PDF text and paths in the same pixel coordinates, so
/// journals can edit the type. Text is set in Helvetica (one of the fonts every PDF reader has),
/// bold where the raster output is bold, halos as a stroke drawn under the fill. One pixel is
/// 72/dpi points (300 dpi when the request states none: 1024 px is 87 mm, a journal column).
public struct PDFFigure: FigureCanvas {
    public let width: Int
    public let height: Int
    /// Page content operators, in pixel coordinates with y down (the page's matrix flips it).
    private var content: [String] = []
    /// Fill/stroke opacities in use, each an ExtGState named `/A<percent>`.
    private var opacities: Set<Int> = []

    public static let defaultDPI = 300

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public mutating func fill(_ rect: PixelRect, color: RGBA) {
        content.append("\(paint(color, stroke: false)) \(rect.x) \(rect.y) \(rect.width) \(rect.height) re f")
    }

    public mutating func text(_ line: TextLine, x: Int, baseline: Int, color: RGBA, halo: TextHalo?, renderer: TextRenderer) {
        let font = line.bold ? "/F2" : "/F1"
        for part in line.lines {
            let string = Self.literal(part.text)
            // The text matrix flips y back, so glyphs stand upright on the flipped page.
            let place = "BT \(font) \(line.size) Tf 1 0 0 -1 \(x + part.dx) \(baseline + part.dy) Tm"
            if let halo {
                content.append("q \(paint(halo.color, stroke: true)) \(Self.number(2 * halo.radius)) w 1 j \(place) 1 Tr \(string) Tj ET Q")
            }
            content.append("q \(paint(color, stroke: false)) \(place) 0 Tr \(string) Tj ET Q")
        }
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
    public func document(rgba: [UInt8], transparent: Bool, dpi: Int?) -> [UInt8] {
        precondition(rgba.count == width * height * 4, "PDFFigure: picture size")
        let scale = 72 / Double(dpi ?? Self.defaultDPI)
        let (pageWidth, pageHeight) = (Double(width) * scale, Double(height) * scale)
        var pdf = PDFWriter()
        pdf.add("/Type /Catalog /Pages 2 0 R")
        pdf.add("/Type /Pages /Kids [3 0 R] /Count 1")
        let states = opacities.sorted().map { "/A\($0) << /Type /ExtGState /ca \(Double($0) / 100) /CA \(Double($0) / 100) >>" }
        pdf.add("/Type /Page /Parent 2 0 R /MediaBox [0 0 \(Self.number(pageWidth)) \(Self.number(pageHeight))] "
                + "/Resources << /XObject << /Picture 5 0 R >> /Font << /F1 6 0 R /F2 7 0 R >> "
                + "/ExtGState << \(states.joined(separator: " ")) >> >> /Contents 4 0 R")
        // Pixels to points with y down: every operator above uses image pixel coordinates.
        var page = "\(Self.number(scale)) 0 0 \(Self.number(-scale)) 0 \(Self.number(pageHeight)) cm\n"
        page += "q \(width) 0 0 -\(height) 0 \(height) cm /Picture Do Q\n"
        page += content.joined(separator: "\n") + "\n"
        pdf.add("", stream: Array(page.utf8))
        let mask = transparent ? " /SMask 8 0 R" : ""
        pdf.add(Self.imageDictionary(width: width, height: height, colours: 3, space: "/DeviceRGB") + mask,
                stream: Self.deflated(rgba, width: width, height: height, channels: 3))
        pdf.add("/Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding")
        pdf.add("/Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding")
        if transparent {
            pdf.add(Self.imageDictionary(width: width, height: height, colours: 1, space: "/DeviceGray"),
                    stream: Self.deflated(rgba, width: width, height: height, channels: 1))
        }
        return pdf.finished()
    }

    static func imageDictionary(width: Int, height: Int, colours: Int, space: String) -> String {
        "/Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace \(space) /BitsPerComponent 8 "
            + "/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors \(colours) /BitsPerComponent 8 /Columns \(width) >>"
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

    /// A PDF literal string in WinAnsiEncoding: Latin-1 as it is, the typographic marks names use
    /// at their WinAnsi codes, anything else as "?"; `(`, `)` and `\` escaped.
    public static func literal(_ text: String) -> String {
        let marks: [Character: UInt8] = ["…": 0x85, "–": 0x96, "—": 0x97, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94,
                                         "•": 0x95, "−": 0x2D]
        var out = "("
        for ch in text {
            let code: UInt8
            if let mark = marks[ch] { code = mark } else if let s = ch.unicodeScalars.first, ch.unicodeScalars.count == 1,
                                                              s.value >= 0x20, s.value <= 0xFF, s.value != 0x7F { code = UInt8(s.value) } else { code = 0x3F }
            switch code {
            case 0x28, 0x29, 0x5C: out += "\\" + String(UnicodeScalar(code))
            case 0x20...0x7E: out += String(UnicodeScalar(code))
            default: out += String(format: "\\%03o", code)
            }
        }
        return out + ")"
    }
}
