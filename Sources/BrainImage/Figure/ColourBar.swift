import Foundation

/// A boxed vertical colour bar for a statistical overlay, drawn like the `Legend` (same box, frame
/// and text colours): the map's name, caption lines (statistic, sides shown, …), then one bar per value
/// range (positive on top, negative below, a gap between) with the range's end values beside it.
public struct ColourBar: Sendable {
    /// One value range, drawn from `top` (upper edge) to `bottom`.
    public struct Segment: Sendable, Equatable {
        public let top: Double
        public let bottom: Double
        public init(top: Double, bottom: Double) { (self.top, self.bottom) = (top, bottom) }
    }

    public let title: String
    /// Smaller lines under the title, one per item, so none is cut for another's length.
    public let caption: [String]
    public let segments: [Segment]
    /// The colour of a value inside a segment.
    public let colour: @Sendable (Double) -> RGBA
    /// How a value is written beside the bar.
    public let label: @Sendable (Double) -> String

    public init(title: String, caption: [String], segments: [Segment], colour: @escaping @Sendable (Double) -> RGBA,
                label: @escaping @Sendable (Double) -> String) {
        (self.title, self.caption, self.segments, self.colour, self.label) = (title, caption, segments, colour, label)
    }

    /// Where everything goes.
    public struct Layout: Sendable, Equatable {
        public let box: PixelRect
        public let titleLine: TextLine
        public let captionLines: [TextLine]
        public let titleBaseline: Int
        /// One per caption line.
        public let captionBaselines: [Int]
        public let textX: Int
        /// One rectangle per segment, top to bottom.
        public let bars: [PixelRect]
        /// Value labels: text and pen position.
        public let labels: [(line: TextLine, x: Int, baseline: Int)]

        public static func == (a: Layout, b: Layout) -> Bool {
            a.box == b.box && a.bars == b.bars && a.labels.map(\.x) == b.labels.map(\.x) && a.labels.map(\.baseline) == b.labels.map(\.baseline)
        }
    }

    /// The box's width when nothing is cut (for a band sized to hold it).
    public func naturalWidth(size: Int, text: TextRenderer) -> Int {
        let s = metrics(size)
        let labelWidth = segments.flatMap { [$0.top, $0.bottom] }.map { text.measure(label($0), size: s.small) }.max() ?? 0
        let titleWidth = max(text.measure(title, size: size), caption.map { text.measure($0, size: s.small) }.max() ?? 0)
        return 2 * s.pad + max(titleWidth, s.barWidth + s.gap + labelWidth)
    }

    /// Lays the bar out in `area` (at most its width; vertically centred), text of `size` pixels.
    /// nil when the area cannot hold it.
    public func layout(in area: PixelRect, size: Int, text: TextRenderer) -> Layout? {
        guard !segments.isEmpty else { return nil }
        let s = metrics(size)
        let width = min(area.width, naturalWidth(size: size, text: text))
        let inner = width - 2 * s.pad
        guard inner > s.barWidth + s.gap + size else { return nil }
        let titleLine = Legend.fitted(title, maxWidth: inner, size: size, text: text)
        let captionLines = caption.map { Legend.fitted($0, maxWidth: inner, size: s.small, text: text) }
        let (ascent, descent) = text.metrics(size: size)
        let (smallAscent, smallDescent) = text.metrics(size: s.small)
        let head = ascent + descent + caption.count * (smallAscent + smallDescent) + s.gap
        let segmentGap = segments.count > 1 ? size : 0
        // Bars as tall as 8 lines of text, within half the area's height.
        let barTotal = min(8 * size, max(2 * size, area.height / 2 - head - 2 * s.pad))
        let height = 2 * s.pad + head + barTotal + smallDescent
        guard height <= area.height else { return nil }
        let box = PixelRect(x: area.x, y: area.y + (area.height - height) / 2, width: width, height: height)
        let textX = box.x + s.pad
        let titleBaseline = box.y + s.pad + ascent
        let captionBaselines = caption.indices.map { titleBaseline + descent + smallAscent + $0 * (smallAscent + smallDescent) }
        var top = (captionBaselines.last ?? titleBaseline) + (caption.isEmpty ? descent : smallDescent) + s.gap
        let each = (barTotal - segmentGap * (segments.count - 1)) / segments.count
        var bars: [PixelRect] = []
        var labels: [(line: TextLine, x: Int, baseline: Int)] = []
        let labelX = textX + s.barWidth + s.gap
        for segment in segments {
            let bar = PixelRect(x: textX, y: top, width: s.barWidth, height: each)
            bars.append(bar)
            labels.append((text.layout(label(segment.top), size: s.small), labelX, bar.y + smallAscent * 3 / 4))
            labels.append((text.layout(label(segment.bottom), size: s.small), labelX, bar.maxY))
            top += each + segmentGap
        }
        return Layout(box: box, titleLine: titleLine, captionLines: captionLines, titleBaseline: titleBaseline,
                      captionBaselines: captionBaselines, textX: textX, bars: bars, labels: labels)
    }

    /// Draws the box, the text, and each bar as one colour per pixel row.
    public func draw(_ layout: Layout, text: TextRenderer, into image: inout RGBAImage) {
        let b = layout.box
        image.blend(rect: b, color: Legend.fill)
        for edge in [PixelRect(x: b.x, y: b.y, width: b.width, height: 1), PixelRect(x: b.x, y: b.maxY - 1, width: b.width, height: 1),
                     PixelRect(x: b.x, y: b.y, width: 1, height: b.height), PixelRect(x: b.maxX - 1, y: b.y, width: 1, height: b.height)] {
            image.blend(rect: edge, color: Legend.frame)
        }
        text.draw(layout.titleLine, x: layout.textX, baseline: layout.titleBaseline, color: Legend.textColor, into: &image)
        for (line, baseline) in zip(layout.captionLines, layout.captionBaselines) {
            text.draw(line, x: layout.textX, baseline: baseline, color: Legend.textColor, into: &image)
        }
        for (bar, segment) in zip(layout.bars, segments) {
            image.blend(rect: bar, color: Legend.frame)
            let inside = bar.inset(by: 1)
            for row in 0..<max(0, inside.height) {
                // Row centres: the top row shows `top`, the bottom row `bottom`.
                let t = inside.height > 1 ? Double(row) / Double(inside.height - 1) : 0
                let c = colour(segment.top + (segment.bottom - segment.top) * t)
                image.blend(rect: PixelRect(x: inside.x, y: inside.y + row, width: inside.width, height: 1),
                            color: RGBA(c.r, c.g, c.b, 255))
            }
        }
        for label in layout.labels {
            text.draw(label.line, x: label.x, baseline: label.baseline, color: Legend.textColor, into: &image)
        }
    }

    private func metrics(_ size: Int) -> (small: Int, pad: Int, gap: Int, barWidth: Int) {
        (max(8, size * 5 / 6), max(3, size / 2), max(3, size / 2), max(8, size))
    }
}
