import Foundation

/// A boxed vertical colour bar for a statistical overlay, drawn like the `Legend` (same box, frame
/// and text colours): the map's name, caption lines (statistic, sides shown, …), then one bar per value
/// range (positive on top, negative below, a gap between) with a tick and the value at each end.
///
/// Readability rules: all its text is as large as the legend's (the `size` given); the bars
/// together are at least `minimumBarShare` of the area's height; a name wider than the box is
/// broken at a separator (space, `_`, `-`, `.`, `/`) onto two lines, and shortened with "…" at a
/// separator only when two lines cannot hold it.
public struct ColorBar: Sendable {
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
    public let color: @Sendable (Double) -> RGBA
    /// How a value is written beside the bar.
    public let label: @Sendable (Double) -> String

    public init(title: String, caption: [String], segments: [Segment], color: @escaping @Sendable (Double) -> RGBA,
                label: @escaping @Sendable (Double) -> String) {
        (self.title, self.caption, self.segments, self.color, self.label) = (title, caption, segments, color, label)
    }

    /// The bars' least share of the area's height (the picture's, less its margins).
    public static let minimumBarShare = 0.3

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
        /// A tick right of the bar at each labelled value.
        public let ticks: [PixelRect]
        /// Value labels: text and pen position.
        public let labels: [(line: TextLine, x: Int, baseline: Int)]

        public static func == (a: Layout, b: Layout) -> Bool {
            a.box == b.box && a.bars == b.bars && a.ticks == b.ticks && a.labels.map(\.x) == b.labels.map(\.x)
                && a.labels.map(\.baseline) == b.labels.map(\.baseline)
        }
    }

    /// The box's width when nothing is broken or cut (for a band sized to hold it).
    public func naturalWidth(size: Int, text: TextRenderer) -> Int {
        let s = metrics(size)
        let titleWidth = max(text.measure(title, size: size), caption.map { text.measure($0, size: size) }.max() ?? 0)
        return 2 * s.pad + max(titleWidth, valueWidth(size: size, text: text))
    }

    /// The width the bar, its ticks and its widest value take.
    func valueWidth(size: Int, text: TextRenderer) -> Int {
        let s = metrics(size)
        let labelWidth = segments.flatMap { [$0.top, $0.bottom] }.map { text.measure(label($0), size: size) }.max() ?? 0
        return s.barWidth + s.tick + s.gap + labelWidth
    }

    /// Lays the bar out in `area` (at most its width; vertically centred), text of `size` pixels.
    /// nil when the area cannot hold it.
    public func layout(in area: PixelRect, size: Int, text: TextRenderer) -> Layout? {
        guard !segments.isEmpty else { return nil }
        let s = metrics(size)
        let width = min(area.width, naturalWidth(size: size, text: text))
        let inner = width - 2 * s.pad
        guard inner >= valueWidth(size: size, text: text) else { return nil }
        let titleLine = Self.broken(title, maxWidth: inner, size: size, text: text)
        let captionLines = caption.map { Self.broken($0, maxWidth: inner, size: size, text: text) }
        let (ascent, descent) = text.metrics(size: size)
        let lineHeights = [titleLine.height] + captionLines.map(\.height)
        let head = lineHeights.reduce(0, +) + s.gap
        let segmentGap = segments.count > 1 ? size : 0
        // Value labels centre on their ticks, so half a line may stand out below the last bar.
        let room = area.height - 2 * s.pad - head - ascent / 2 - descent
        let barTotal = min(room, max(8 * size, Int(Double(area.height) * Self.minimumBarShare)))
        guard barTotal >= 2 * size * segments.count else { return nil }
        let height = 2 * s.pad + head + barTotal + ascent / 2 + descent
        let box = PixelRect(x: area.x, y: area.y + (area.height - height) / 2, width: width, height: height)
        let textX = box.x + s.pad
        let titleBaseline = box.y + s.pad + ascent
        var baselines: [Int] = []
        var next = titleBaseline + titleLine.descent + ascent
        for line in captionLines {
            baselines.append(next)
            next += line.height
        }
        var top = box.y + s.pad + head
        let each = (barTotal - segmentGap * (segments.count - 1)) / segments.count
        var bars: [PixelRect] = [], ticks: [PixelRect] = []
        var labels: [(line: TextLine, x: Int, baseline: Int)] = []
        let labelX = textX + s.barWidth + s.tick + s.gap
        // Digits' middle stands about 0.36 em above the baseline.
        let centreDrop = Int((Double(size) * 0.36).rounded())
        for segment in segments {
            let bar = PixelRect(x: textX, y: top, width: s.barWidth, height: each)
            bars.append(bar)
            for (value, y) in [(segment.top, bar.y), (segment.bottom, bar.maxY - 1)] {
                ticks.append(PixelRect(x: bar.maxX, y: y, width: s.tick, height: 1))
                labels.append((text.layout(label(value), size: size), labelX, y + centreDrop))
            }
            top += each + segmentGap
        }
        return Layout(box: box, titleLine: titleLine, captionLines: captionLines, titleBaseline: titleBaseline,
                      captionBaselines: baselines, textX: textX, bars: bars, ticks: ticks, labels: labels)
    }

    /// Draws the box, the text, and each bar as one colour per pixel row.
    public func draw(_ layout: Layout, text: TextRenderer, into image: inout RGBAImage) {
        draw(layout, text: text, on: &image)
    }

    /// The same on any canvas: vector figures get the bars as gradients, ticks as rectangles.
    public func draw<C: FigureCanvas>(_ layout: Layout, text: TextRenderer, on canvas: inout C) {
        let b = layout.box
        canvas.fill(b, color: Legend.fill)
        for edge in Legend.frameEdges(b) { canvas.fill(edge, color: Legend.frame) }
        canvas.text(layout.titleLine, x: layout.textX, baseline: layout.titleBaseline, color: Legend.textColor, halo: nil, renderer: text)
        for (line, baseline) in zip(layout.captionLines, layout.captionBaselines) {
            canvas.text(line, x: layout.textX, baseline: baseline, color: Legend.textColor, halo: nil, renderer: text)
        }
        for (bar, segment) in zip(layout.bars, segments) {
            for edge in Legend.frameEdges(bar) { canvas.fill(edge, color: Legend.frame) }
            canvas.gradient(bar.inset(by: 1)) { t in color(segment.top + (segment.bottom - segment.top) * t) }
        }
        for tick in layout.ticks { canvas.fill(tick, color: Legend.frame) }
        for label in layout.labels {
            canvas.text(label.line, x: label.x, baseline: label.baseline, color: Legend.textColor, halo: nil, renderer: text)
        }
    }

    /// `name` on one line if it fits `maxWidth`; else on two lines broken after the separator that
    /// makes the wider line narrowest, when both fit; else cut with "…" after a separator
    /// (or between letters when no separator leaves room).
    static func broken(_ name: String, maxWidth: Int, size: Int, text: TextRenderer) -> TextLine {
        let full = text.layout(name, size: size)
        guard full.advance > maxWidth else { return full }
        let characters = Array(name)
        let breaks = characters.indices.dropLast().filter { " _-./".contains(characters[$0]) }
        let pairs = breaks.map { k in
            (text.layout(String(characters[...k]).trimmingCharacters(in: .whitespaces), size: size),
             text.layout(String(characters[(k + 1)...]).trimmingCharacters(in: .whitespaces), size: size))
        }
        // Of the breaks where both lines fit, the most even.
        if let (top, bottom) = pairs.filter({ $0.0.advance <= maxWidth && $0.1.advance <= maxWidth })
            .min(by: { max($0.0.advance, $0.1.advance) < max($1.0.advance, $1.1.advance) }) {
            return text.stacked(top, bottom, centred: false)
        }
        for k in breaks.reversed() {
            let cut = text.layout(String(characters[...k]).trimmingCharacters(in: .whitespaces) + "…", size: size)
            if cut.advance <= maxWidth { return cut }
        }
        return Legend.fitted(name, maxWidth: maxWidth, size: size, text: text)
    }

    private func metrics(_ size: Int) -> (pad: Int, gap: Int, barWidth: Int, tick: Int) {
        (max(3, size / 2), max(3, size / 2), max(8, size), max(3, size / 3))
    }
}
