import Testing
@testable import BrainImage

/// The colour bar: one bar per value range, top to bottom, each row the colour of its value, the
/// ends labelled, everything inside its box and the box inside the area.
@Suite struct ColourBarTests {
    let text: TextRenderer
    init() throws { text = try TextRenderer() }

    /// Red rising with the value on the positive range, blue on the negative one.
    static let bar = ColourBar(title: "map", caption: ["t map, |v| ≥ 3", "clusters ≥ 100 mm³"],
                               segments: [.init(top: 8, bottom: 3), .init(top: -3, bottom: -8)],
                               colour: { v in v > 0 ? RGBA(UInt8(v * 30), 0, 0) : RGBA(0, 0, UInt8(-v * 30)) },
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
}
