import Foundation
import Testing
@testable import BrainImage

/// The font a PDF embeds: the system's DejaVu Sans read table by table, cut down to the glyphs a
/// figure uses, still a font FreeType opens, with the widths and kerning the raster output uses.
@Suite struct FontEmbeddingTests {
    let typeface: Typeface
    let font: TrueTypeFont
    init() throws {
        typeface = try Typeface.system()
        font = try TrueTypeFont(path: typeface.path, bytes: typeface.bytes)
    }

    @Test func theFontIsReadTableByTable() throws {
        #expect(font.unitsPerEm == 2048)
        #expect(font.glyphCount > 5000, "DejaVu Sans has some 6 000 glyphs")
        #expect(font.postScriptName == "DejaVuSans")
        let p = font.glyph(for: "P"), a = font.glyph(for: "a")
        #expect(p != 0 && a != 0 && p != a)
        #expect(font.glyph(for: "\u{E000}") == 0, "a private-use character has no glyph")
        // FreeType's unhinted advance at 2048 px per em is the font-unit advance.
        let text = try TextRenderer(typeface: typeface)
        let measured = text.measure("P", size: 400)
        #expect(abs(measured - font.advance(of: p) * 400 / 2048) <= 2)
        #expect(font.kern(font.glyph(for: "A"), font.glyph(for: "V")) < 0, "A and V are kerned closer")
    }

    @Test func theSubsetKeepsTheUsedGlyphsAndOpensInFreeType() throws {
        var embedded = PDFEmbeddedFont(font)
        let shown = embedded.shown("Pars triangularis (AV)")
        #expect(shown.hasPrefix("[<") && shown.hasSuffix(">]"))
        #expect(shown.contains("> ") && shown.split(separator: " ").count >= 2, "the A–V pair carries a kerning adjustment")
        let objects = embedded.objects(first: 10)
        #expect(objects.count == 5)
        #expect(objects[0].dictionary.contains("/Subtype /Type0") && objects[0].dictionary.contains("/ToUnicode 14 0 R"))
        #expect(objects[1].dictionary.contains("/W [") && objects[1].dictionary.contains("/CIDToGIDMap /Identity"))
        #expect(objects[2].dictionary.contains("/FontFile2 13 0 R"))

        let used = Set("Pars triangularis (AV)".unicodeScalars.map(font.glyph(for:)))
        let subset = TrueTypeSubset(font, used: used, characters: [:])
        #expect(subset.bytes.count < typeface.bytes.count / 10, "\(subset.bytes.count) bytes of \(typeface.bytes.count)")
        #expect(TrueTypeSubset.checksum(subset.bytes) == 0xB1B0_AFBA, "head's checkSumAdjustment is right")
        let reread = try TrueTypeFont(path: "subset", bytes: subset.bytes)
        #expect(reread.glyphCount == font.glyphCount)
        for g in used { #expect(reread.outline(of: g) == font.outline(of: g), "glyph \(g) changed") }
        #expect(reread.outline(of: font.glyph(for: "Q")).isEmpty, "an unused glyph has no outline")
        #expect(reread.advance(of: font.glyph(for: "Q")) == font.advance(of: font.glyph(for: "Q")), "widths stay")

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("subset-\(UUID().uuidString).ttf")
        try Data(subset.bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let opened = try TextRenderer(typeface: try Typeface(path: url.path))
        let line = opened.layout("Pars", size: 40)
        #expect(line.ink.width > 40, "FreeType draws the subset's glyphs")
    }

    @Test func aFontWithoutTrueTypeOutlinesIsRefusedByName() throws {
        var bytes = typeface.bytes
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<count where bytes[(12 + 16 * i)..<(16 + 16 * i)].elementsEqual(Array("glyf".utf8)) {
            bytes[15 + 16 * i] = UInt8(ascii: "x")
        }
        let error = try #require(throws: TextError.self) { try TrueTypeFont(path: "/fonts/Outlines.otf", bytes: bytes) }
        #expect(error.description.contains("/fonts/Outlines.otf") && error.description.contains("'glyf'"))
        for cut in [3, 40, 1000] {
            #expect(throws: TextError.self) { try TrueTypeFont(path: "cut.ttf", bytes: Array(typeface.bytes.prefix(cut))) }
        }
    }
}
