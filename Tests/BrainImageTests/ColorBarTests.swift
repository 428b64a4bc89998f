import Testing
@testable import BrainImage

/// The colour bar: one bar per value range, top to bottom, each row the colour of its value, the
/// ends labelled, everything inside its box and the box inside the area.
@Suite struct ColorBarTests {
    let text: TextRenderer
    init() throws { text = try TextRenderer() }

    /// Red rising with the value on the positive range, blue on the negative one.
    static let bar = ColorBar(title: "map", caption: ["t map, |v| ≥ 3", "clusters ≥ 100 mm³"],
                               segments: [.init(top: 8, bottom: 3), .init(top: -3, bottom: -8)],
                               color: { v in v > 0 ? RGBA(UInt8(v * 30), 0, 0) : RGBA(0, 0, UInt8(-v * 30)) },
                               label: { String(Int($0)) })

    @Test func rowsShowTheirValuesAndTheEndsAreLabelled() throws {
        let area = PixelRect(x: 300, y: 10, width: 200, height: 380)
        let layout = try #require(Self.bar.layout(in: area, size: 14, text: text))
        #expect(area.contains(layout.box))
        #expect(layout.bars.count == 2 && layout.bars[0].maxY < layout.bars[1].y, "positive above, a gap, negative below")
        #expect(layout.labels.count == 4 && layout.captionBaselines.count == 2)
        var image = try RGBAImage(width: 520, height: 400)
        Self.bar.draw(layout, text: text, into: &image)
        let top = layout.bars[0].inset(by: 1), low = layout.bars[1].inset(by: 1)
        #expect(image[top.x + 2, top.y] == RGBA(240, 0, 0), "the top row is MAX")
        #expect(image[top.x + 2, top.maxY - 1] == RGBA(90, 0, 0), "the bottom row of the positive bar is T")
        #expect(image[low.x + 2, low.y] == RGBA(0, 0, 90) && image[low.x + 2, low.maxY - 1] == RGBA(0, 0, 240))
        #expect(Self.bar.layout(in: PixelRect(x: 0, y: 0, width: 20, height: 380), size: 14, text: text) == nil,
                "no room: no bar rather than a cut one")
    }

    @Test func theBarIsReadable() throws {
        // A render's strip at 1024×768: the bars take at least a fifth of the height, every line
        // of text is set at the size given (the legend's), and each value has its tick.
        let area = PixelRect(x: 820, y: 5, width: 199, height: 758)
        let layout = try #require(Self.bar.layout(in: area, size: 10, text: text))
        let barHeight = layout.bars.map(\.height).reduce(0, +)
        #expect(barHeight * 5 >= 768, "bars \(barHeight) px of 768")
        #expect(([layout.titleLine] + layout.captionLines + layout.labels.map(\.line)).allSatisfy { $0.size == 10 })
        #expect(layout.ticks.count == layout.labels.count)
        for (tick, label) in zip(layout.ticks, layout.labels) {
            #expect(tick.x == layout.bars[0].maxX && label.x > tick.maxX, "the value stands right of its tick")
            #expect(abs(label.baseline - 4 - tick.y) <= 2, "the value's digits centre on the tick")
        }
    }

    @Test func aLongNameBreaksAtASeparatorOnlyWhenItMustAndIsCutOnlyWhenTwoLinesCannotHoldIt() throws {
        let name = "blobs_mni_2mm.nii.gz"
        let wide = ColorBar.broken(name, maxWidth: 400, size: 12, text: text)
        #expect(wide.lines.map(\.text) == [name], "room for the whole name: one line")
        let full = text.measure(name, size: 12)
        let two = ColorBar.broken(name, maxWidth: full * 2 / 3, size: 12, text: text)
        #expect(two.lines.count == 2 && two.lines.map(\.text).joined() == name, "\(two.lines.map(\.text))")
        #expect(" _-./".contains(two.lines[0].text.last!), "broken after a separator: \(two.lines[0].text)")
        #expect(two.advance <= full * 2 / 3)
        let cut = ColorBar.broken("statistic_of_the_very_long_contrast_name_map.nii.gz", maxWidth: 60, size: 12, text: text)
        #expect(cut.lines.count == 1 && cut.text.hasSuffix("…") && cut.advance <= 60, "\(cut.text)")
    }

    @Test func vectorCanvasesGetTheBarAsGradientsTicksAndText() throws {
        let layout = try #require(Self.bar.layout(in: PixelRect(x: 300, y: 10, width: 200, height: 380), size: 14, text: text))
        var svg = SVGFigure(width: 520, height: 400)
        Self.bar.draw(layout, text: text, on: &svg)
        let document = svg.document(png: [])
        #expect(document.components(separatedBy: "<linearGradient").count - 1 == 2, "one gradient per bar")
        #expect(document.contains("<stop offset=\"0\" stop-color=\"#f00000\"/>"), "the top stop is MAX's colour")
        for value in ["8", "3", "-3", "-8", "map", "t map, |v| ≥ 3"] {
            #expect(document.contains(">\(value.replacingOccurrences(of: ">", with: "&gt;"))</text>"), "\(value) is not SVG text")
        }
        var pdf = PDFFigure(width: 520, height: 400)
        Self.bar.draw(layout, text: text, on: &pdf)
        let bytes = try pdf.document(rgba: [UInt8](repeating: 255, count: 520 * 400 * 4), transparent: false, dpi: nil)
        let file = String(decoding: bytes, as: UTF8.self)
        #expect(file.components(separatedBy: "/ShadingType 2").count - 1 == 2)
        #expect(file.contains("/FontFile2") && !file.contains("/Helvetica"))
    }
}
