/// A TrueType-outline font file read far enough to embed it in a PDF: its table directory, the
/// character → glyph map (`cmap` formats 4 and 12), advance widths, kerning pairs (`kern` format
/// 0), each glyph's outline bytes and the glyphs a composite glyph is built from. Every offset is
/// checked against the file, so a damaged font is an error naming the file and the table.
struct TrueTypeFont {
    let path: String
    let bytes: [UInt8]
    /// Each table's byte range, by tag.
    let tables: [String: Range<Int>]
    let unitsPerEm: Int
    let glyphCount: Int
    /// hhea ascender and descender (font units; descender negative).
    let ascender: Int, descender: Int
    /// head's bounding box of all glyphs: xMin, yMin, xMax, yMax.
    let boundingBox: [Int]
    /// The PostScript name (name ID 6), or the file's name without extension.
    let postScriptName: String
    private let horizontalMetricCount: Int
    private let longOffsets: Bool
    private let characterMap: [UInt32: Int]
    private let kerning: [UInt32: Int]

    init(path: String, bytes: [UInt8]) throws(TextError) {
        self.path = path
        self.bytes = bytes
        func fail(_ message: String) -> TextError { .unreadableFont(path: path, message: message) }
        let r = BigEndian(bytes)
        guard let count = r.u16(4) else { throw fail("shorter than a font header") }
        var tables: [String: Range<Int>] = [:]
        for i in 0..<count {
            let at = 12 + 16 * i
            guard let offset = r.u32(at + 8), let length = r.u32(at + 12), at + 4 <= bytes.count else { throw fail("table directory cut short") }
            let tag = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
            guard offset <= bytes.count, length <= bytes.count - offset else { throw fail("table '\(tag)' lies beyond the file's end") }
            tables[tag] = offset..<(offset + length)
        }
        for tag in ["head", "hhea", "maxp", "hmtx", "loca", "glyf", "cmap"] where tables[tag] == nil {
            throw fail(tag == "glyf" || tag == "loca"
                       ? "has no '\(tag)' table (PostScript outlines); PDF output embeds TrueType-outline fonts only"
                       : "has no '\(tag)' table")
        }
        self.tables = tables
        let head = tables["head"]!.lowerBound, hhea = tables["hhea"]!.lowerBound
        guard let em = r.u16(head + 18), em > 0, let locFormat = r.u16(head + 50),
              let glyphs = r.u16(tables["maxp"]!.lowerBound + 4), glyphs > 0,
              let ascender = r.i16(hhea + 4), let descender = r.i16(hhea + 6), let metrics = r.u16(hhea + 34), metrics > 0,
              let xMin = r.i16(head + 36), let yMin = r.i16(head + 38), let xMax = r.i16(head + 40), let yMax = r.i16(head + 42)
        else { throw fail("'head', 'hhea' or 'maxp' table cut short") }
        guard tables["hmtx"]!.count >= 4 * metrics, tables["loca"]!.count >= (locFormat == 1 ? 4 : 2) * (glyphs + 1)
        else { throw fail("'hmtx' or 'loca' table shorter than the glyph count says") }
        (unitsPerEm, glyphCount, self.ascender, self.descender) = (em, glyphs, ascender, descender)
        boundingBox = [xMin, yMin, xMax, yMax]
        horizontalMetricCount = metrics
        longOffsets = locFormat == 1
        characterMap = try Self.readCharacterMap(r, tables["cmap"]!, fail: fail)
        kerning = tables["kern"].map { Self.readKerning(r, $0) } ?? [:]
        let fileName = path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "Font"
        postScriptName = tables["name"].flatMap { Self.readPostScriptName(r, $0) } ?? fileName
    }

    /// The glyph drawn for `scalar`; 0 (the missing-glyph box) when the font has none.
    func glyph(for scalar: Unicode.Scalar) -> Int { characterMap[scalar.value] ?? 0 }

    /// The advance width of `glyph` in font units.
    func advance(of glyph: Int) -> Int {
        let hmtx = tables["hmtx"]!.lowerBound
        let i = min(glyph, horizontalMetricCount - 1)
        return Int(bytes[hmtx + 4 * i]) << 8 | Int(bytes[hmtx + 4 * i + 1])
    }

    /// The kerning between two glyphs in font units (negative: closer), 0 when none.
    func kern(_ left: Int, _ right: Int) -> Int { kerning[UInt32(left) << 16 | UInt32(right)] ?? 0 }

    /// The bytes of `glyph`'s outline in 'glyf' (empty for a blank glyph such as the space).
    func outline(of glyph: Int) -> ArraySlice<UInt8> {
        guard glyph >= 0, glyph < glyphCount else { return [] }
        let loca = tables["loca"]!.lowerBound, glyf = tables["glyf"]!
        let r = BigEndian(bytes)
        let (start, end) = longOffsets
            ? (r.u32(loca + 4 * glyph) ?? 0, r.u32(loca + 4 * glyph + 4) ?? 0)
            : (2 * (r.u16(loca + 2 * glyph) ?? 0), 2 * (r.u16(loca + 2 * glyph + 2) ?? 0))
        guard start < end, end <= glyf.count else { return [] }
        return bytes[(glyf.lowerBound + start)..<(glyf.lowerBound + end)]
    }

    /// The glyphs a composite glyph is made of (none for a simple glyph).
    func components(of glyph: Int) -> [Int] {
        let data = Array(outline(of: glyph))
        let r = BigEndian(data)
        guard let contours = r.i16(0), contours < 0 else { return [] }
        var out: [Int] = [], at = 10
        while let flags = r.u16(at), let component = r.u16(at + 2) {
            out.append(component)
            at += 4 + (flags & 0x0001 != 0 ? 4 : 2)
            if flags & 0x0008 != 0 { at += 2 } else if flags & 0x0040 != 0 { at += 4 } else if flags & 0x0080 != 0 { at += 8 }
            guard flags & 0x0020 != 0 else { break }
        }
        return out
    }

    private static func readCharacterMap(_ r: BigEndian, _ cmap: Range<Int>,
                                         fail: (String) -> TextError) throws(TextError) -> [UInt32: Int] {
        guard let count = r.u16(cmap.lowerBound + 2) else { throw fail("'cmap' table cut short") }
        // Unicode subtables, the full-repertoire one (format 12) first.
        var best: (rank: Int, offset: Int)?
        for i in 0..<count {
            let at = cmap.lowerBound + 4 + 8 * i
            guard let platform = r.u16(at), let encoding = r.u16(at + 2), let offset = r.u32(at + 4),
                  let format = r.u16(cmap.lowerBound + offset) else { continue }
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, format == 4 || format == 12 else { continue }
            let rank = format == 12 ? 0 : 1
            if best == nil || rank < best!.rank { best = (rank, cmap.lowerBound + offset) }
        }
        guard let best else { throw fail("'cmap' has no Unicode subtable of format 4 or 12") }
        var map: [UInt32: Int] = [:]
        if r.u16(best.offset) == 12 {
            let groups = r.u32(best.offset + 12) ?? 0
            for g in 0..<min(groups, 1 << 20) {
                let at = best.offset + 16 + 12 * g
                guard let first = r.u32(at), let last = r.u32(at + 4), let glyph = r.u32(at + 8), first <= last,
                      last - first < 1 << 17 else { break }
                for c in first...last { map[UInt32(c)] = glyph + (c - first) }
            }
        } else {
            guard let segments2 = r.u16(best.offset + 6) else { throw fail("'cmap' format 4 cut short") }
            let ends = best.offset + 14, starts = ends + segments2 + 2, deltas = starts + segments2, ranges = deltas + segments2
            for s in stride(from: 0, to: segments2, by: 2) {
                guard let end = r.u16(ends + s), let start = r.u16(starts + s), let delta = r.u16(deltas + s),
                      let rangeOffset = r.u16(ranges + s), start <= end, end != 0xFFFF || start != 0xFFFF else { continue }
                for c in start...end {
                    var glyph: Int
                    if rangeOffset == 0 { glyph = (c + delta) & 0xFFFF } else {
                        guard let g = r.u16(ranges + s + rangeOffset + 2 * (c - start)) else { continue }
                        glyph = g == 0 ? 0 : (g + delta) & 0xFFFF
                    }
                    if glyph != 0 { map[UInt32(c)] = glyph }
                }
            }
        }
        return map
    }

    private static func readKerning(_ r: BigEndian, _ kern: Range<Int>) -> [UInt32: Int] {
        // The Windows 'kern' (version 0): horizontal format-0 subtables of sorted pairs.
        guard r.u16(kern.lowerBound) == 0, let count = r.u16(kern.lowerBound + 2) else { return [:] }
        var out: [UInt32: Int] = [:], at = kern.lowerBound + 4
        for _ in 0..<count {
            guard let length = r.u16(at + 2), let coverage = r.u16(at + 4), length >= 14 else { break }
            if coverage >> 8 == 0, coverage & 0x0007 == 0x0001, let pairs = r.u16(at + 6) {
                for p in 0..<pairs {
                    guard let pair = r.u32(at + 14 + 6 * p), let value = r.i16(at + 18 + 6 * p) else { break }
                    out[UInt32(pair)] = value
                }
            }
            at += length
        }
        return out
    }

    private static func readPostScriptName(_ r: BigEndian, _ name: Range<Int>) -> String? {
        guard let count = r.u16(name.lowerBound + 2), let storage = r.u16(name.lowerBound + 4) else { return nil }
        for i in 0..<count {
            let at = name.lowerBound + 6 + 12 * i
            guard let platform = r.u16(at), let id = r.u16(at + 6), let length = r.u16(at + 8), let offset = r.u16(at + 10),
                  id == 6 else { continue }
            let start = name.lowerBound + storage + offset
            guard start + length <= name.upperBound else { continue }
            let raw = r.bytes[start..<(start + length)]
            // Windows names are UTF-16BE; Macintosh ones single bytes.
            let text = platform == 3 ? String(decoding: stride(from: 0, to: length - 1, by: 2).map {
                UInt16(raw[start + $0]) << 8 | UInt16(raw[start + $0 + 1]) }, as: UTF16.self) : String(decoding: raw, as: UTF8.self)
            let clean = text.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            if !clean.isEmpty { return clean }
        }
        return nil
    }
}

/// Big-endian reads that answer nil past the end instead of trapping.
struct BigEndian {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func i16(_ at: Int) -> Int? { u16(at).map { $0 >= 0x8000 ? $0 - 0x10000 : $0 } }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(at), let low = u16(at + 2) else { return nil }
        return high << 16 | low
    }
}
