/// Heading rows: entries that carry a `group` (a parcel's network) are listed under one row that
/// names the group, and each row names only what is left of its name ("PFC 3 (L, R)" under
/// "Default mode"), as a textbook's table does. So no row is cut inside a word to fit a long
/// group name, and rows of two groups that end alike ("Par 1") stay apart by their headings.
/// Headings count as rows in the size rule, and a heading never ends a column. Entries without a
/// group are laid out exactly as before headings existed.
extension Legend {
    /// One row before layout: an entry, a group's heading, or the "+N more" summary.
    enum Slot: Equatable {
        case entry(Entry)
        case heading(String)
        case more

        var isHeading: Bool { headingText != nil }
        var headingText: String? {
            if case let .heading(h) = self { return h }
            return nil
        }
    }

    /// `entries` with a heading row before each run of entries of one group.
    static func slots(_ entries: [Entry]) -> [Slot] {
        var out: [Slot] = []
        for (i, entry) in entries.enumerated() {
            if let group = entry.group, i == 0 || entries[i - 1].group != group { out.append(.heading(group)) }
            out.append(.entry(entry))
        }
        return out
    }

    /// The order in which entries are kept when not all fit: grouped entries (hundreds of
    /// parcels) the largest first, so the legend lists the parcels a reader sees (still under
    /// their headings, in the list's order); other entries in the list's order. Each group's
    /// largest entry comes before every other, so every network in view keeps its heading, as
    /// the labels name each network's largest parcel.
    static func keptFirst(_ entries: [Entry]) -> [Int] {
        guard entries.contains(where: { $0.group != nil }) else { return Array(entries.indices) }
        var leader: [String: Int] = [:]
        for (i, entry) in entries.enumerated() {
            let group = entry.group ?? ""
            if let j = leader[group], entries[j].pixels >= entry.pixels { continue }
            leader[group] = i
        }
        let leaders = Set(leader.values)
        return entries.indices.sorted { a, b in
            let (la, lb) = (leaders.contains(a), leaders.contains(b))
            if la != lb { return la }
            return entries[a].pixels != entries[b].pixels ? entries[a].pixels > entries[b].pixels : a < b
        }
    }

    /// The rows of each column: filled column by column, even but for the last, at most `maxRows`
    /// rows each. A heading never ends a column: it moves to the top of the next, over its rows,
    /// and the columns grow by a row (up to `maxRows`) rather than become more; only when that
    /// cannot hold them does a third column come. nil when no such split fits in `maxColumns`.
    static func columnRanges(_ isHeading: [Bool], maxRows: Int) -> [Range<Int>]? {
        let n = isHeading.count
        guard n <= maxRows * maxColumns else { return nil }
        let columns = max(1, (n + maxRows - 1) / maxRows)
        let even = (n + columns - 1) / columns
        for limit in [columns, maxColumns] {
            for perColumn in even...max(even, maxRows) {
                var ranges: [Range<Int>] = [], start = 0
                while start < n {
                    var end = min(n, start + perColumn)
                    while end < n, end - 1 > start, isHeading[end - 1] { end -= 1 }
                    ranges.append(start..<end)
                    start = end
                }
                if ranges.count <= limit { return ranges }
            }
        }
        return nil
    }

    /// The lines of `slots` in columns whose names take at most `nameLimit` pixels (a heading, which
    /// has no swatch, `headingLimit`): each group's names under its heading (`namesUnderHeading`)
    /// kept apart from one another by `distinctLines`, group by group, and the names without a
    /// group together; a heading whole, else on two lines, else shortened after a whole word.
    static func slotLines(_ slots: [Slot], hidden: Int, nameLimit: Int, headingLimit: Int, size: Int, twoLines: Bool,
                          text: TextRenderer) -> [TextLine] {
        var lines: [TextLine?] = Array(repeating: nil, count: slots.count)
        var groups: [String?] = []
        var members: [String?: [(slot: Int, entry: Entry)]] = [:]
        for (i, slot) in slots.enumerated() {
            switch slot {
            case let .entry(entry):
                if members[entry.group] == nil { groups.append(entry.group) }
                members[entry.group, default: []].append((i, entry))
            case let .heading(h): lines[i] = headingLine(h, maxWidth: headingLimit, size: size, twoLines: twoLines, text: text)
            case .more: lines[i] = text.layout("+\(hidden) more", size: size)
            }
        }
        for group in groups {
            let rows = members[group] ?? []
            let full = rows.map(\.entry.name)
            let names = group.map { namesUnderHeading(full, heading: $0, maxWidth: nameLimit, size: size, text: text) } ?? full
            for (row, line) in zip(rows, distinctLines(names, maxWidth: nameLimit, size: size, twoLines: twoLines, text: text)) {
                lines[row.slot] = line
            }
        }
        return lines.map { $0! }
    }

    /// The names of one group's rows under its heading: each without the heading's words
    /// ("PFC 3 (L, R)" under "Default mode"), but whole where only a number would be left
    /// ("Visual 3": a bare number reads as a numbered key's), unless one of those whole names is
    /// wider than the column: then the group's numbered rows give up the heading's words too.
    static func namesUnderHeading(_ names: [String], heading: String, maxWidth: Int, size: Int, text: TextRenderer) -> [String] {
        let rests = names.map { $0.hasPrefix(heading + " ") ? String($0.dropFirst(heading.count + 1)) : $0 }
        let bare = rests.map { rest in sideSplit(rest).core.allSatisfy(\.isNumber) }
        let wholeFit = names.indices.allSatisfy { !bare[$0] || text.measure(names[$0], size: size) <= maxWidth }
        return names.indices.map { bare[$0] && wholeFit ? names[$0] : rests[$0] }
    }

    /// A heading's line: whole, else on two flush-left lines (with `twoLines`), else its most
    /// first words that fit before "…", never ending on a lone "/" or "-"; a first word wider than
    /// the column alone is cut between letters.
    static func headingLine(_ heading: String, maxWidth: Int, size: Int, twoLines: Bool, text: TextRenderer) -> TextLine {
        let whole = text.layout(heading, size: size)
        if whole.advance <= maxWidth { return whole }
        if twoLines, let two = text.layoutTwoLines(heading, size: size, centred: false), two.advance <= maxWidth { return two }
        let words = heading.split(separator: " ").map(String.init)
        for head in stride(from: words.count - 1, through: 1, by: -1) {
            if words[head - 1].allSatisfy({ !$0.isLetter && !$0.isNumber }) { continue }
            let line = text.layout(words.prefix(head).joined(separator: " ") + "…", size: size)
            if line.advance <= maxWidth { return line }
        }
        return fitted(heading, maxWidth: maxWidth, size: size, text: text)
    }
}
