import CZlib

/// One font as a PDF embeds it: a composite (Type 0) font over the TrueType font's own glyph
/// numbers (`Identity-H`), with the used glyphs' widths (`/W`), a subset of the font file
/// (`FontFile2`, `TrueTypeSubset`) and a `ToUnicode` map so that text extraction gives the
/// characters back. Strings are written as glyph numbers, with the font's kerning as `TJ`
/// adjustments, so the PDF sets each line as the raster output does.
struct PDFEmbeddedFont {
    let font: TrueTypeFont
    /// Glyphs used so far, and a character each stands for.
    private(set) var used: [Int: Unicode.Scalar] = [:]

    init(_ font: TrueTypeFont) { self.font = font }

    /// The `TJ` operand for `text`: glyph numbers in hex, kerning between them in thousandths of an em.
    mutating func shown(_ text: String) -> String {
        var out = "[<", previous: Int?
        for scalar in text.unicodeScalars {
            let g = font.glyph(for: scalar)
            if used[g] == nil { used[g] = scalar }
            if let previous, case let k = font.kern(previous, g), k != 0 {
                out += "> \(-k * 1000 / font.unitsPerEm) <"
            }
            out += Self.hex4(g)
            previous = g
        }
        return out + ">]"
    }

    /// The font's five objects, numbered from `first`: Type 0 font, CID font, descriptor, font
    /// file and ToUnicode map. The subset's name tag comes from its glyphs, so one set of glyphs
    /// always gets the same name.
    func objects(first: Int) -> [(dictionary: String, stream: [UInt8]?)] {
        let subset = TrueTypeSubset(font, used: Set(used.keys),
                                    characters: Dictionary(used.map { ($0.value.value, $0.key) }, uniquingKeysWith: min))
        let name = "/\(Self.tag(Array(used.keys).sorted()))+\(font.postScriptName)"
        let scale = { (v: Int) in v * 1000 / font.unitsPerEm }
        let widths = used.keys.sorted().map { "\($0) [\(scale(font.advance(of: $0)))]" }.joined(separator: " ")
        let box = font.boundingBox.map { String(scale($0)) }.joined(separator: " ")
        return [
            ("/Type /Font /Subtype /Type0 /BaseFont \(name) /Encoding /Identity-H /DescendantFonts [\(first + 1) 0 R] "
             + "/ToUnicode \(first + 4) 0 R", nil),
            ("/Type /Font /Subtype /CIDFontType2 /BaseFont \(name) "
             + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor \(first + 2) 0 R "
             + "/DW \(scale(font.advance(of: 0))) /W [\(widths)] /CIDToGIDMap /Identity", nil),
            ("/Type /FontDescriptor /FontName \(name) /Flags 32 /FontBBox [\(box)] /ItalicAngle 0 "
             + "/Ascent \(scale(font.ascender)) /Descent \(scale(font.descender)) /CapHeight \(scale(font.ascender)) /StemV 80 "
             + "/FontFile2 \(first + 3) 0 R", nil),
            ("/Length1 \(subset.bytes.count) /Filter /FlateDecode", Self.deflated(subset.bytes)),
            ("/Filter /FlateDecode", Self.deflated(Array(toUnicode.utf8))),
        ]
    }

    /// The CMap from glyph numbers back to the characters they were set for.
    private var toUnicode: String {
        let pairs = used.sorted { $0.key < $1.key }.map { g, s -> String in
            let utf16 = String(Character(s)).utf16.map { String($0, radix: 16, uppercase: true) }
                .map { String(repeating: "0", count: 4 - $0.count) + $0 }.joined()
            return "<\(Self.hex4(g))> <\(utf16)>"
        }
        var chunks: [String] = []
        for start in stride(from: 0, to: pairs.count, by: 100) {
            let part = pairs[start..<min(pairs.count, start + 100)]
            chunks.append("\(part.count) beginbfchar\n\(part.joined(separator: "\n"))\nendbfchar")
        }
        return """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange
        \(chunks.joined(separator: "\n"))
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end
        """
    }

    static func hex4(_ v: Int) -> String {
        let h = String(v & 0xFFFF, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - h.count) + h
    }

    /// Six capitals from the glyph set (FNV-1a), the subset tag PDF asks for.
    static func tag(_ glyphs: [Int]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for g in glyphs { hash = (hash ^ UInt64(g)) &* 0x100_0000_01b3 }
        return String((0..<6).map { i in Character(UnicodeScalar(UInt8(65 + (hash >> (UInt64(i) * 5)) % 26))) })
    }

    /// A zlib stream (PDF's FlateDecode) of `bytes`.
    static func deflated(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in compress2(o.baseAddress, &length, i.baseAddress, uLong(bytes.count), 9) }
        }
        precondition(status == Z_OK, "zlib: compress2 failed (\(status))")  // only when out of memory
        return Array(out.prefix(Int(length)))
    }
}
