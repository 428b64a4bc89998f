import Foundation

/// A boxed colour legend: one row per entry, a colour swatch then the name, filled column by
/// column. Slices and 3D renders both draw theirs with it.
///
/// Size rule: at most `maxColumns` columns of at most `maxRowsPerColumn` rows (or the `maxRows`
/// asked), fewer when the image is too short; entries beyond that are summarised by a last row "+N more". Entries
/// with a `group` (a parcel's network) stand under a heading row that counts as a row (`LegendHeadings`). A name wider
/// than its column (at most `1/nameShare` of the image) is wrapped, then shortened so that no two rows
/// under one heading read the same (`distinctLines`). The box never leaves the image.
public struct Legend: Sendable, Equatable {
    /// One row: a region's name and its colour; a region drawn in one colour on the left and
    /// another on the right has both, left first (`pair` is the right side's). `group`: the
    /// heading the row stands under (a parcel's network), whose words its name begins with;
    /// `pixels`: how much of the picture it covers (0: not measured).
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let color: RGBA
        public let pair: RGBA?
        public let group: String?
        public var pixels = 0
        public init(name: String, color: RGBA, pair: RGBA? = nil, group: String? = nil) {
            self.name = name
            self.color = color
            self.pair = pair
            self.group = group
        }
    }

    /// The image corner the box sits in.
    public enum Corner: Sendable, Equatable { case topLeft, topRight, bottomLeft, bottomRight }

    public static let maxColumns = 3
    public static let maxRowsPerColumn = 24
    /// Box fill and frame: light and nearly opaque, so the legend reads over anatomy and any background.
    public static let fill = RGBA(255, 255, 255, 225)
    public static let frame = RGBA(120, 120, 128, 255)
    public static let textColor = RGBA(25, 25, 30, 255)

    public let entries: [Entry]
    public init(entries: [Entry]) { self.entries = entries }

    /// One visible thing before rows are made: a region's name, its side ("left"; nil on the
    /// midline), the colour it is drawn in, how many pixels show it and its place in the list
    /// (`rank`, smaller first; nil: by pixels) and the heading it is listed under (`group`; nil: none).
    public struct Item: Sendable, Equatable {
        public let name: String
        public let side: String?
        public let color: RGBA
        public let pixels: Int
        public let rank: Int?
        public let group: String?
        public init(name: String, side: String?, color: RGBA, pixels: Int, rank: Int? = nil, group: String? = nil) {
            (self.name, self.side, self.color, self.pixels, self.rank, self.group) = (name, side, color, pixels, rank, group)
        }
    }

    /// The rows for `items`, the rule renders and slices share: one row per name and colour with
    /// the pixels summed (left and right homologues drawn alike share a row); a name drawn in one
    /// colour on the left and another on the right is one row with both swatches, left first
    /// ("Globus pallidus (L, R)"); any other name drawn in several colours says its side in each
    /// row ("Globus pallidus (L)"). Ranked items are listed by rank, then name, then side;
    /// unranked ones after them, most pixels first, ties in the order seen.
    public static func entries(_ items: [Item]) -> [Entry] {
        var colorsOfName: [String: Set<RGBA>] = [:]
        var colorsBySide: [String: [String: Set<RGBA>]] = [:]
        for item in items {
            colorsOfName[item.name, default: []].insert(item.color)
            colorsBySide[item.name, default: [:]][item.side?.lowercased() ?? "", default: []].insert(item.color)
        }
        // Names drawn in exactly one colour per side, the two sides apart: (left colour, right colour).
        var pairs: [String: (RGBA, RGBA)] = [:]
        for (name, sides) in colorsBySide where sides.count == 2 && colorsOfName[name]?.count == 2 {
            if let l = sides["left"], let r = sides["right"], l.count == 1, r.count == 1 { pairs[name] = (l.first!, r.first!) }
        }
        var rows: [(entry: Entry, pixels: Int, rank: Int?)] = []
        var at: [String: Int] = [:]
        for item in items {
            if let (left, right) = pairs[item.name] {
                let name = "\(item.name) (\(sideLetter("left")), \(sideLetter("right")))"
                if let i = at[name] { rows[i].pixels += item.pixels; continue }
                at[name] = rows.count
                rows.append((Entry(name: name, color: left, pair: right, group: item.group), item.pixels, item.rank))
                continue
            }
            let sided = (colorsOfName[item.name]?.count ?? 0) > 1
            let name = sided ? item.side.map { "\(item.name) (\(sideLetter($0)))" } ?? item.name : item.name
            let key = "\(name)\u{0}\(item.color.r),\(item.color.g),\(item.color.b)"
            if let i = at[key] { rows[i].pixels += item.pixels; continue }
            at[key] = rows.count
            rows.append((Entry(name: name, color: item.color, group: item.group), item.pixels, item.rank))
        }
        return rows.enumerated().sorted { a, b in
            switch (a.element.rank, b.element.rank) {
            case let (x?, y?) where x != y: return x < y
            case (_?, _?):
                if a.element.entry.name != b.element.entry.name {
                    return a.element.entry.name.localizedStandardCompare(b.element.entry.name) == .orderedAscending
                }
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil):
                if a.element.pixels != b.element.pixels { return a.element.pixels > b.element.pixels }
            }
            return a.offset < b.offset
        }.map { row in
            var entry = row.element.entry
            entry.pixels = row.element.pixels
            return entry
        }
    }

    /// "L" for "left", "R" for "right": the side as figures write it after a name.
    static func sideLetter(_ side: String) -> String {
        switch side.lowercased() {
        case "left": "L"
        case "right": "R"
        default: side
        }
    }

    /// The laid-out legend: the box, and per drawn row its swatch and text.
    public struct Layout: Sendable, Equatable {
        /// One drawn row: its swatch (two for a left–right pair) and its text's pen start on the baseline.
        public struct Row: Sendable, Equatable {
            /// nil for a heading row and the "+N more" row.
            public let entry: Entry?
            public let swatch: PixelRect?
            /// The right side's swatch of a pair, beside `swatch`.
            public var pairSwatch: PixelRect? = nil
            public let line: TextLine
            public let textX: Int
            public let baseline: Int
            /// The heading's text on a heading row (a network over its parcels); nil on other rows.
            public var heading: String? = nil
        }
        public let box: PixelRect
        public let rows: [Row]
        /// Entries left out (summarised by the last row).
        public let hidden: Int
    }

    /// Lays the legend out in `corner` of a `width` × `height` image with text of `size` pixels,
    /// `margin` pixels from the edges. nil when there is nothing to list or no room for one row.
    /// `nameShare`: names take at most 1/`nameShare` of the width (4 where the legend lies over the
    /// picture; 1 in a band of its own). `maxRows` may pass `maxRowsPerColumn` where the legend has
    /// a band of its own: columns as tall as the image leave each column more width.
    public func layout(width: Int, height: Int, size: Int, corner: Corner, margin: Int,
                       maxRows: Int = maxRowsPerColumn, nameShare: Int = 4, text: TextRenderer) -> Layout? {
        guard !entries.isEmpty else { return nil }
        let (ascent, descent) = text.metrics(size: size)
        let rowHeight = ascent + descent + max(2, size / 4)
        let pad = max(3, size / 2)
        let swatchSide = max(4, (ascent + descent) * 3 / 4)
        let pairGap = max(1, swatchSide / 4)
        // Room for two swatches when any row is a left–right pair, so every name starts level.
        let swatchArea = entries.contains { $0.pair != nil } ? 2 * swatchSide + pairGap : swatchSide
        let gap = max(3, size / 2)
        let fitRows = (height - 2 * margin - 2 * pad) / rowHeight
        let maxRows = min(maxRows, fitRows)
        guard maxRows >= 1 else { return nil }
        // Headings count as rows: the entries shown are the most whose rows, with "+N more", fit.
        let capacity = maxRows * Self.maxColumns
        var shown = Self.slots(entries)
        var hidden = 0
        if shown.count > capacity {
            let order = Self.keptFirst(entries)
            func kept(_ k: Int) -> [Entry] {
                let chosen = Set(order.prefix(k))
                return entries.indices.filter { chosen.contains($0) }.map { entries[$0] }
            }
            var k = min(entries.count, capacity - 1)
            // Headings move down to their rows, so the rows kept must split that way too.
            while k > 0, Self.columnRanges((Self.slots(kept(k)) + [.more]).map(\.isHeading), maxRows: maxRows) == nil { k -= 1 }
            hidden = entries.count - k
            shown = Self.slots(kept(k)) + [.more]
        }
        // Always a split: `shown` holds at most `capacity` rows, which even columns take.
        let ranges = Self.columnRanges(shown.map(\.isHeading), maxRows: maxRows)
            ?? stride(from: 0, to: shown.count, by: maxRows).map { $0..<min(shown.count, $0 + maxRows) }
        let columns = ranges.count
        // Names share the width left after swatches, gaps and padding, capped at a quarter of the image.
        let available = width - 2 * margin - 2 * pad - columns * (swatchArea + gap) - (columns - 1) * 2 * gap
        let nameLimit = max(size, min(width / max(1, nameShare), available / columns))
        // A name too wide for its column is wrapped onto two lines before it is cut with "…";
        // when the wrapped rows make a column too tall for the image, every name keeps one line.
        let leading = rowHeight - ascent - descent
        func columnHeights(_ lines: [TextLine]) -> [Int] {
            ranges.map { lines[$0].map { $0.ascent + $0.descent + leading }.reduce(0, +) - leading }
        }
        func namedLines(twoLines: Bool) -> [TextLine] {
            Self.slotLines(shown, hidden: hidden, nameLimit: nameLimit, headingLimit: nameLimit + swatchArea + gap,
                           size: size, twoLines: twoLines, text: text)
        }
        var lines = namedLines(twoLines: true)
        if (columnHeights(lines).max() ?? 0) + 2 * pad > height - 2 * margin { lines = namedLines(twoLines: false) }
        let columnWidths = ranges.map { range in
            range.map { shown[$0].isHeading ? lines[$0].advance : swatchArea + gap + lines[$0].advance }.max() ?? 0
        }
        let boxWidth = columnWidths.reduce(0, +) + (columns - 1) * 2 * gap + 2 * pad
        let boxHeight = (columnHeights(lines).max() ?? 0) + 2 * pad
        let x = (corner == .topLeft || corner == .bottomLeft) ? margin : width - margin - boxWidth
        let y = (corner == .topLeft || corner == .topRight) ? margin : height - margin - boxHeight
        let box = PixelRect(x: max(0, x), y: max(0, y), width: min(boxWidth, width), height: min(boxHeight, height))
        var rows: [Layout.Row] = []
        var columnX = box.x + pad
        for (c, range) in ranges.enumerated() {
            var top = box.y + pad
            for i in range {
                defer { top += lines[i].ascent + lines[i].descent + leading }
                let baseline = top + ascent
                guard case let .entry(entry) = shown[i] else {
                    rows.append(.init(entry: nil, swatch: nil, line: lines[i], textX: columnX, baseline: baseline,
                                      heading: shown[i].headingText))
                    continue
                }
                let swatch = PixelRect(x: columnX, y: top + (ascent + descent - swatchSide) / 2, width: swatchSide, height: swatchSide)
                let pairSwatch = entry.pair == nil ? nil : PixelRect(x: swatch.maxX + pairGap, y: swatch.y, width: swatchSide, height: swatchSide)
                rows.append(.init(entry: entry, swatch: swatch, pairSwatch: pairSwatch, line: lines[i], textX: columnX + swatchArea + gap,
                                  baseline: baseline))
            }
            columnX += columnWidths[c] + 2 * gap
        }
        return Layout(box: box, rows: rows, hidden: hidden)
    }

    /// Draws a layout: the box, a framed swatch and the name per row.
    public static func draw(_ layout: Layout, text: TextRenderer, into image: inout RGBAImage) {
        draw(layout, text: text, on: &image)
    }

    /// The same on any canvas (the raster image or a vector figure).
    public static func draw<C: FigureCanvas>(_ layout: Layout, text: TextRenderer, on image: inout C) {
        image.fill(layout.box, color: fill)
        for edge in frameEdges(layout.box) { image.fill(edge, color: frame) }
        for row in layout.rows {
            if let s = row.swatch, let entry = row.entry {
                image.fill(s, color: frame)
                image.fill(s.inset(by: 1), color: RGBA(entry.color.r, entry.color.g, entry.color.b, 255))
                if let p = row.pairSwatch, let c = entry.pair {
                    image.fill(p, color: frame)
                    image.fill(p.inset(by: 1), color: RGBA(c.r, c.g, c.b, 255))
                }
            }
            image.text(row.line, x: row.textX, baseline: row.baseline, color: textColor, halo: nil, renderer: text)
        }
    }

    /// The one-pixel frame of `b`: top, bottom, left and right edges.
    static func frameEdges(_ b: PixelRect) -> [PixelRect] {
        [PixelRect(x: b.x, y: b.y, width: b.width, height: 1), PixelRect(x: b.x, y: b.maxY - 1, width: b.width, height: 1),
         PixelRect(x: b.x, y: b.y, width: 1, height: b.height), PixelRect(x: b.maxX - 1, y: b.y, width: 1, height: b.height)]
    }

    /// `name` on one line, cut with "…" (at a word's end where it can) when wider than `maxWidth`.
    static func fitted(_ name: String, maxWidth: Int, size: Int, text: TextRenderer) -> TextLine {
        let full = text.layout(name, size: size)
        guard full.advance > maxWidth else { return full }
        let characters = Array(name)
        var lo = 0, hi = characters.count  // the longest prefix that fits lies in lo..<hi
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if text.measure(String(characters.prefix(mid)) + "…", size: size) <= maxWidth { lo = mid } else { hi = mid }
        }
        var prefix = String(characters.prefix(lo))
        // At a word's end when one leaves at least half the room used, so no word is cut in two.
        if lo < characters.count, characters[lo] != " ", let space = prefix.lastIndex(of: " "),
           text.measure(String(prefix[..<space]) + "…", size: size) * 2 >= maxWidth {
            prefix = String(prefix[..<space])
        }
        return text.layout(prefix.trimmingCharacters(in: .whitespaces) + "…", size: size)
    }
}
