/// A name broken over two lines (centred, or flush left as in legends), as one `TextLine`:
/// placing, measuring and drawing code that takes a line takes it unchanged (its ink holds both
/// lines, its box both line boxes).
extension TextRenderer {
    /// `text` over two lines at the space that makes the wider line narrowest; nil for one word.
    /// Line pitch: the font's line box plus an eighth of the size.
    public func layoutTwoLines(_ text: String, size: Int, centred: Bool = true) -> TextLine? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count > 1 else { return nil }
        let splits = (1..<words.count).map { k in
            (layout(words[..<k].joined(separator: " "), size: size), layout(words[k...].joined(separator: " "), size: size))
        }
        let (top, bottom) = splits.min { max($0.0.advance, $0.1.advance) < max($1.0.advance, $1.1.advance) }!
        return stacked(top, bottom, centred: centred)
    }

    /// Two laid-out lines as one, `bottom` under `top`.
    public func stacked(_ top: TextLine, _ bottom: TextLine, centred: Bool) -> TextLine {
        let text = top.text + (top.text.last.map { " _-./".contains($0) } == true ? "" : " ") + bottom.text
        let pitch = top.height + max(1, top.size / 8)
        let advance = max(top.advance, bottom.advance)
        let topX = centred ? (advance - top.advance) / 2 : 0, bottomX = centred ? (advance - bottom.advance) / 2 : 0
        let left = min(topX + top.ink.originX, bottomX + bottom.ink.originX)
        let right = max(topX + top.ink.originX + top.ink.width, bottomX + bottom.ink.originX + bottom.ink.width)
        let upper = top.ink.originY, lower = pitch + bottom.ink.originY + bottom.ink.height
        var ink = CoverageMask(width: right - left, height: lower - upper, originX: left, originY: upper)
        ink.add(top.ink, dx: topX)
        ink.add(bottom.ink, dx: bottomX, dy: pitch)
        return TextLine(text: text, size: top.size, advance: advance, ascent: top.ascent,
                        descent: top.descent + pitch, ink: ink, bold: top.bold,
                        parts: [.init(text: top.text, dx: topX, dy: 0), .init(text: bottom.text, dx: bottomX, dy: pitch)])
    }
}
