internal import CFreeType

/// Lays out and draws UTF-8 text with FreeType: anti-aliased 8-bit coverage, alpha-blended into an
/// `RGBAImage`, with an optional halo. It holds the glyph cache (per size), so make one per piece of
/// work (a render, a slice) and pass it to everything that draws text there; it is not `Sendable`.
public final class TextRenderer {
    public let typeface: Typeface
    private let face: FontFace
    private var glyphs: [GlyphKey: Glyph] = [:]
    /// Laid-out lines, since legends and labels measure the same names several times.
    private var lines: [LineKey: TextLine] = [:]
    private static let maximumCachedLines = 4096

    /// Sizes accepted, in pixels per em; requests outside are clamped so that a wild image size can
    /// never ask FreeType for a huge bitmap.
    public static let sizes = 4...400

    public init(typeface: Typeface) throws(TextError) {
        self.typeface = typeface
        face = try FontFace(typeface)
    }

    /// A renderer over the system font of `weight` (see `Typeface.system`).
    public convenience init(weight: Typeface.Weight = .regular) throws(TextError) {
        try self.init(typeface: .system(weight))
    }

    /// The font's ascent and descent (positive pixels) at `size`.
    public func metrics(size: Int) -> (ascent: Int, descent: Int) {
        face.use(size: Self.clamp(size))
        let m = face.face.pointee.size.pointee.metrics
        return (Int((m.ascender + 63) >> 6), Int((-m.descender + 63) >> 6))
    }

    /// The pen travel of `text` at `size`, in pixels.
    public func measure(_ text: String, size: Int) -> Int { layout(text, size: size).advance }

    /// Lays out one line (newlines are drawn as missing glyphs: a line is one line).
    public func layout(_ text: String, size requested: Int) -> TextLine {
        let size = Self.clamp(requested)
        let key = LineKey(text: text, size: size)
        if let cached = lines[key] { return cached }
        let line = compose(text, size: size)
        if lines.count >= Self.maximumCachedLines { lines.removeAll(keepingCapacity: true) }
        lines[key] = line
        return line
    }

    private func compose(_ text: String, size: Int) -> TextLine {
        let (ascent, descent) = metrics(size: size)
        var placed: [(Glyph, Int)] = []
        var pen = 0  // 26.6 fixed point, so rounding does not accumulate
        var previous: FT_UInt = 0
        for scalar in text.unicodeScalars {
            let g = glyph(scalar, size: size)
            if previous != 0, g.index != 0, face.hasKerning {
                var delta = FT_Vector()
                if face.freeType.FT_Get_Kerning(face.face, previous, g.index, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0 {
                    pen += Int(delta.x)
                }
            }
            placed.append((g, (pen + 32) >> 6))
            pen += g.advance
            previous = g.index
        }
        let advance = (pen + 32) >> 6
        var minX = 0, maxX = 0, minY = 0, maxY = 0, any = false
        for (g, x) in placed where g.width > 0 && g.height > 0 {
            let (l, t, r, b) = (x + g.left, -g.top, x + g.left + g.width, -g.top + g.height)
            if any { minX = min(minX, l); minY = min(minY, t); maxX = max(maxX, r); maxY = max(maxY, b) }
            else { (minX, minY, maxX, maxY, any) = (l, t, r, b, true) }
        }
        var ink = CoverageMask(width: maxX - minX, height: maxY - minY, originX: minX, originY: minY)
        for (g, x) in placed where g.width > 0 && g.height > 0 {
            ink.add(CoverageMask(width: g.width, height: g.height, originX: x + g.left, originY: -g.top,
                                 coverage: g.coverage))
        }
        return TextLine(text: text, size: size, advance: advance, ascent: ascent, descent: descent, ink: ink, bold: face.isBold)
    }

    /// Draws `line` with its pen start on the baseline at (`x`, `baseline`): the halo first, then
    /// the ink. Returns the box it covers (halo included).
    @discardableResult
    public func draw(_ line: TextLine, x: Int, baseline: Int, color: RGBA, halo: TextHalo? = nil,
                     into image: inout RGBAImage) -> PixelRect {
        if let halo {
            image.blend(line.ink.dilated(radius: halo.radius), x: x, y: baseline, color: halo.color)
        }
        image.blend(line.ink, x: x, y: baseline, color: color)
        return line.box(x: x, baseline: baseline, margin: halo?.reach ?? 0)
    }

    /// Lays out and draws `text` in one step.
    @discardableResult
    public func draw(_ text: String, size: Int, x: Int, baseline: Int, color: RGBA, halo: TextHalo? = nil,
                     into image: inout RGBAImage) -> PixelRect {
        draw(layout(text, size: size), x: x, baseline: baseline, color: color, halo: halo, into: &image)
    }

    static func clamp(_ size: Int) -> Int { min(max(size, sizes.lowerBound), sizes.upperBound) }

    private func glyph(_ scalar: Unicode.Scalar, size: Int) -> Glyph {
        let key = GlyphKey(scalar: scalar.value, size: size)
        if let cached = glyphs[key] { return cached }
        face.use(size: size)
        let f = face.face
        let index = face.freeType.FT_Get_Char_Index(f, FT_ULong(scalar.value))
        var g = Glyph(index: index, advance: 0, left: 0, top: 0, width: 0, height: 0, coverage: [])
        if face.freeType.FT_Load_Glyph(f, index, braintutor_ft_load_render | braintutor_ft_load_light) == 0, let slot = f.pointee.glyph {
            let bm = slot.pointee.bitmap
            let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
            var cov = [UInt8](repeating: 0, count: w * h)
            // 8-bit grey is what FT_LOAD_RENDER gives for outline fonts; anything else stays blank.
            if let buf = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), w > 0, h > 0 {
                for y in 0..<h {
                    let row = pitch >= 0 ? y * pitch : (h - 1 - y) * -pitch
                    for x in 0..<w { cov[y * w + x] = buf[row + x] }
                }
            }
            g = Glyph(index: index, advance: Int(slot.pointee.advance.x), left: Int(slot.pointee.bitmap_left),
                      top: Int(slot.pointee.bitmap_top), width: w, height: h, coverage: cov)
        }
        glyphs[key] = g
        return g
    }
}

private struct LineKey: Hashable {
    let text: String
    let size: Int
}

private struct GlyphKey: Hashable {
    let scalar: UInt32
    let size: Int
}

/// A rendered glyph: 8-bit coverage, its offset from the pen (top is up from the baseline) and the
/// pen advance in 26.6 fixed point.
private struct Glyph {
    let index: FT_UInt
    let advance: Int
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let coverage: [UInt8]
}
