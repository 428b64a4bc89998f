/// A TrueType font cut down to the glyphs a figure uses, for embedding in a PDF (`FontFile2`).
///
/// Glyph numbers stay as they are, so the PDF can name glyphs by their number in the full font
/// (`CIDToGIDMap /Identity`): unused glyphs keep their `loca` entry but lose their outline, which
/// is nearly all of DejaVu Sans's 750 KB. Kept: the outlines of the used glyphs (and the glyphs
/// composites are built from), `loca`, `hmtx`, `hhea`, `head`, `maxp`, `OS/2`, the hinting tables
/// (`cvt `, `fpgm`, `prep`) and a `cmap` of the used characters only.
struct TrueTypeSubset {
    /// The used glyphs, the missing-glyph box and every composite's parts included.
    let glyphs: Set<Int>
    let bytes: [UInt8]

    /// The subset of `font` holding `used` glyphs, with `characters` (character → glyph) in its cmap.
    init(_ font: TrueTypeFont, used: Set<Int>, characters: [UInt32: Int]) {
        var keep: Set<Int> = [0]
        var pending = Array(used)
        while let g = pending.popLast() {
            guard g >= 0, g < font.glyphCount, keep.insert(g).inserted || g == 0 else { continue }
            pending += font.components(of: g).filter { !keep.contains($0) }
        }
        glyphs = keep
        var glyf: [UInt8] = [], loca: [UInt8] = []
        for g in 0..<font.glyphCount {
            loca += Self.u32(glyf.count)
            guard keep.contains(g) else { continue }
            glyf += font.outline(of: g)
            while glyf.count % 4 != 0 { glyf.append(0) }
        }
        loca += Self.u32(glyf.count)
        var head = Array(font.bytes[font.tables["head"]!])
        guard head.count >= 54 else { bytes = []; return }
        head.replaceSubrange(8..<12, with: [0, 0, 0, 0])  // checkSumAdjustment, set below
        head.replaceSubrange(50..<52, with: [0, 1])  // long loca offsets
        var out: [String: [UInt8]] = ["glyf": glyf, "loca": loca, "head": head, "cmap": Self.characterMap(characters)]
        for tag in ["hhea", "maxp", "hmtx", "OS/2", "cvt ", "fpgm", "prep"] {
            if let range = font.tables[tag] { out[tag] = Array(font.bytes[range]) }
        }
        bytes = Self.assembled(out)
    }

    /// The file: offset table, table directory (tags sorted), tables padded to four bytes, and
    /// head's checkSumAdjustment making the whole file sum to 0xB1B0AFBA.
    static func assembled(_ tables: [String: [UInt8]]) -> [UInt8] {
        let tags = tables.keys.sorted()
        let n = tags.count
        var power = 1, log = 0
        while power * 2 <= n { power *= 2; log += 1 }
        var file: [UInt8] = [0, 1, 0, 0] + u16(n) + u16(16 * power) + u16(log) + u16(16 * n - 16 * power)
        var offset = 12 + 16 * n
        var headOffset = 0
        for tag in tags {
            let data = tables[tag]!
            if tag == "head" { headOffset = offset }
            file += Array(tag.utf8) + u32(checksum(data)) + u32(offset) + u32(data.count)
            offset += (data.count + 3) & ~3
        }
        for tag in tags {
            file += tables[tag]!
            while file.count % 4 != 0 { file.append(0) }
        }
        let adjustment = (0xB1B0_AFBA &- checksum(file)) & 0xFFFF_FFFF
        file.replaceSubrange((headOffset + 8)..<(headOffset + 12), with: u32(adjustment))
        return file
    }

    /// A cmap with one format-4 subtable (Windows Unicode BMP): one segment per character.
    static func characterMap(_ characters: [UInt32: Int]) -> [UInt8] {
        let pairs = characters.filter { $0.key < 0xFFFF && $0.value != 0 }.sorted { $0.key < $1.key }
        let segments = pairs.count + 1
        var power = 1, log = 0
        while power * 2 <= segments { power *= 2; log += 1 }
        var ends: [UInt8] = [], starts: [UInt8] = [], deltas: [UInt8] = [], ranges: [UInt8] = []
        for (c, g) in pairs {
            ends += u16(Int(c)); starts += u16(Int(c)); deltas += u16((g - Int(c)) & 0xFFFF); ranges += u16(0)
        }
        ends += u16(0xFFFF); starts += u16(0xFFFF); deltas += u16(1); ranges += u16(0)
        let length = 16 + 8 * segments
        let subtable = u16(4) + u16(length) + u16(0) + u16(2 * segments) + u16(2 * power) + u16(log)
            + u16(2 * segments - 2 * power) + ends + u16(0) + starts + deltas + ranges
        return u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + subtable
    }

    static func checksum(_ data: [UInt8]) -> Int {
        var sum: UInt32 = 0
        var i = 0
        while i < data.count {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(i + k < data.count ? data[i + k] : 0) }
            sum &+= word
            i += 4
        }
        return Int(sum)
    }

    static func u16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func u32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
}
