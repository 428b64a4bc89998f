import Foundation

/// A boxed colour legend: one row per entry, a colour swatch then the name, filled column by
/// column. Slices and 3D renders both draw theirs with it.
///
/// Size rule: at most `maxColumns` columns of at most `maxRowsPerColumn` rows (or the `maxRows`
/// asked), fewer when the image is too short; entries beyond that are summarised by a last row "+N more". A name wider
/// than a quarter of the image is cut with "…". The box never leaves the image.
public struct Legend: Sendable, Equatable {
    /// One row: a region's name and its colour.
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let color: RGBA
        public init(name: String, color: RGBA) {
            self.name = name
            self.color = color
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
    /// (`rank`, smaller first; nil: by pixels).
    public struct Item: Sendable, Equatable {
        public let name: String
        public let side: String?
        public let color: RGBA
        public let pixels: Int
        public let rank: Int?
        public init(name: String, side: String?, color: RGBA, pixels: Int, rank: Int? = nil) {
            (self.name, self.side, self.color, self.pixels, self.rank) = (name, side, color, pixels, rank)
        }
    }

    /// The rows for `items`, the rule renders and slices share: one row per name and colour with
    /// the pixels summed (left and right homologues drawn alike share a row); a name drawn in two
    /// colours says its side in each row ("Globus pallidus (L)"). Ranked items are listed by rank,
    /// then name, then side; unranked ones after them, most pixels first, ties in the order seen.
    public static func entries(_ items: [Item]) -> [Entry] {
        var coloursOfName: [String: Set<RGBA>] = [:]
        for item in items { coloursOfName[item.name, default: []].insert(item.color) }
        var rows: [(entry: Entry, pixels: Int, rank: Int?)] = []
        var at: [String: Int] = [:]
        for item in items {
            let sided = (coloursOfName[item.name]?.count ?? 0) > 1
            let name = sided ? item.side.map { "\(item.name) (\(sideLetter($0)))" } ?? item.name : item.name
            let key = "\(name)\u{0}\(item.color.r),\(item.color.g),\(item.color.b)"
            if let i = at[key] { rows[i].pixels += item.pixels; continue }
            at[key] = rows.count
            rows.append((Entry(name: name, color: item.color), item.pixels, item.rank))
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
        }.map(\.element.entry)
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
        /// One drawn row: its swatch and its text's pen start on the baseline.
        public struct Row: Sendable, Equatable {
            /// nil for the "+N more" row.
            public let entry: Entry?
            public let swatch: PixelRect?
            public let line: TextLine
            public let textX: Int
            public let baseline: Int
        }
        public let box: PixelRect
        public let rows: [Row]
        /// Entries left out (summarised by the last row).
        public let hidden: Int
    }

    /// Lays the legend out in `corner` of a `width` × `height` image with text of `size` pixels,
    /// `margin` pixels from the edges. nil when there is nothing to list or no room for one row.
    public func layout(width: Int, height: Int, size: Int, corner: Corner, margin: Int,
                       maxRows: Int = maxRowsPerColumn, text: TextRenderer) -> Layout? {
        guard !entries.isEmpty else { return nil }
        let (ascent, descent) = text.metrics(size: size)
        let rowHeight = ascent + descent + max(2, size / 4)
        let pad = max(3, size / 2)
        let swatchSide = max(4, (ascent + descent) * 3 / 4)
        let gap = max(3, size / 2)
        let fitRows = (height - 2 * margin - 2 * pad) / rowHeight
        let maxRows = min(Self.maxRowsPerColumn, maxRows, fitRows)
        guard maxRows >= 1 else { return nil }
        let capacity = maxRows * Self.maxColumns
        var shown = entries.map(Optional.some)
        var hidden = 0
        if entries.count > capacity {
            hidden = entries.count - (capacity - 1)
            shown = Array(shown.prefix(capacity - 1)) + [nil]
        }
        let columns = (shown.count + maxRows - 1) / maxRows
        let rowsPerColumn = (shown.count + columns - 1) / columns
        // Names share the width left after swatches, gaps and padding, capped at a quarter of the image.
        let available = width - 2 * margin - 2 * pad - columns * (swatchSide + gap) - (columns - 1) * 2 * gap
        let nameLimit = max(size, min(width / 4, available / columns))
        // A name too wide for its column is wrapped onto two lines before it is cut with "…";
        // when the wrapped rows make a column too tall for the image, every name keeps one line.
        let leading = rowHeight - ascent - descent
        func columnHeights(_ lines: [TextLine]) -> [Int] {
            (0..<columns).map { c in
                lines[(c * rowsPerColumn)..<min(lines.count, (c + 1) * rowsPerColumn)]
                    .map { $0.ascent + $0.descent + leading }.reduce(0, +) - leading
            }
        }
        var lines = shown.map { entry -> TextLine in
            guard let entry else { return text.layout("+\(hidden) more", size: size) }
            return Self.wrapped(entry.name, maxWidth: nameLimit, size: size, text: text)
        }
        if (columnHeights(lines).max() ?? 0) + 2 * pad > height - 2 * margin {
            lines = shown.map { entry in
                entry.map { Self.fitted($0.name, maxWidth: nameLimit, size: size, text: text) }
                    ?? text.layout("+\(hidden) more", size: size)
            }
        }
        var columnWidths: [Int] = []
        for c in 0..<columns {
            let slice = lines[(c * rowsPerColumn)..<min(lines.count, (c + 1) * rowsPerColumn)]
            columnWidths.append(swatchSide + gap + (slice.map(\.advance).max() ?? 0))
        }
        let boxWidth = columnWidths.reduce(0, +) + (columns - 1) * 2 * gap + 2 * pad
        let boxHeight = (columnHeights(lines).max() ?? 0) + 2 * pad
        let x = (corner == .topLeft || corner == .bottomLeft) ? margin : width - margin - boxWidth
        let y = (corner == .topLeft || corner == .topRight) ? margin : height - margin - boxHeight
        let box = PixelRect(x: max(0, x), y: max(0, y), width: min(boxWidth, width), height: min(boxHeight, height))
        var rows: [Layout.Row] = []
        var columnX = box.x + pad
        for c in 0..<columns {
            var top = box.y + pad
            for r in 0..<rowsPerColumn {
                let i = c * rowsPerColumn + r
                guard i < lines.count else { break }
                defer { top += lines[i].ascent + lines[i].descent + leading }
                let baseline = top + ascent
                let entry = shown[i]
                let swatch = entry == nil ? nil
                    : PixelRect(x: columnX, y: top + (ascent + descent - swatchSide) / 2, width: swatchSide, height: swatchSide)
                let textX = entry == nil ? columnX : columnX + swatchSide + gap
                rows.append(.init(entry: entry, swatch: swatch, line: lines[i], textX: textX, baseline: baseline))
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
        let b = layout.box
        image.fill(b, color: fill)
        for edge in [PixelRect(x: b.x, y: b.y, width: b.width, height: 1),
                     PixelRect(x: b.x, y: b.maxY - 1, width: b.width, height: 1),
                     PixelRect(x: b.x, y: b.y, width: 1, height: b.height),
                     PixelRect(x: b.maxX - 1, y: b.y, width: 1, height: b.height)] {
            image.fill(edge, color: frame)
        }
        for row in layout.rows {
            if let s = row.swatch, let entry = row.entry {
                image.fill(s, color: frame)
                image.fill(s.inset(by: 1), color: RGBA(entry.color.r, entry.color.g, entry.color.b, 255))
            }
            image.text(row.line, x: row.textX, baseline: row.baseline, color: textColor, halo: nil, renderer: text)
        }
    }

    /// `name` laid out, cut with "…" when wider than `maxWidth`.
    /// `name` on one line if it fits `maxWidth`, else on two flush-left lines if those fit, else
    /// cut with "…" on one line.
    static func wrapped(_ name: String, maxWidth: Int, size: Int, text: TextRenderer) -> TextLine {
        let full = text.layout(name, size: size)
        guard full.advance > maxWidth else { return full }
        if let two = text.layoutTwoLines(name, size: size, centred: false), two.advance <= maxWidth { return two }
        return fitted(name, maxWidth: maxWidth, size: size, text: text)
    }

    static func fitted(_ name: String, maxWidth: Int, size: Int, text: TextRenderer) -> TextLine {
        let full = text.layout(name, size: size)
        guard full.advance > maxWidth else { return full }
        let characters = Array(name)
        var lo = 0, hi = characters.count  // the longest prefix that fits lies in lo..<hi
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if text.measure(String(characters.prefix(mid)) + "…", size: size) <= maxWidth { lo = mid } else { hi = mid }
        }
        let prefix = String(characters.prefix(lo)).trimmingCharacters(in: .whitespaces)
        return text.layout(prefix + "…", size: size)
    }
}
