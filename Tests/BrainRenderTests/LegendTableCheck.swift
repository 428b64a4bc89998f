import BrainImage

/// What a reader of a legend would object to, as sentences: a heading shown twice, two rows under
/// one heading (or, without headings, anywhere) reading the same, a row or heading cut inside a
/// word ("…" may stand for whole words only; `words` false leaves that out, where a single word
/// wider than its column may be cut between letters).
enum LegendTableCheck {
    static func problems(_ legend: Legend.Layout, words checkWords: Bool = true) -> [String] {
        var out: [String] = []
        let headings = legend.rows.compactMap(\.heading)
        if Set(headings).count != headings.count { out.append("headings repeat: \(headings)") }
        var under: [String: [String]] = [:], current = ""
        for row in legend.rows {
            let text = row.line.lines.map(\.text).joined(separator: " ")
            let source: String
            if let h = row.heading {
                current = h
                source = h
            } else if let entry = row.entry {
                under[current, default: []].append(text)
                source = entry.name
            } else { continue }
            guard checkWords else { continue }
            let words = Set(source.split(separator: " ").map(String.init))
            for token in text.split(separator: " ") {
                let word = token.replacingOccurrences(of: "…", with: "")
                // "Salience /…" stops inside a name's phrase as surely as "FrOp…" inside a word.
                let dangling = token.hasSuffix("…") && word.allSatisfy { !$0.isLetter && !$0.isNumber }
                if !word.isEmpty, !words.contains(word) || dangling { out.append("\"\(text)\" cuts a word of \(source)") }
            }
        }
        // At most three columns, and no column ends on its heading.
        let columnOf = { (row: Legend.Layout.Row) in row.swatch?.x ?? row.textX }
        let columns = legend.rows.reduce(into: [Int]()) { if $0.last != columnOf($1) { $0.append(columnOf($1)) } }
        if columns.count > Legend.maxColumns { out.append("\(columns.count) columns") }
        for x in columns where legend.rows.last(where: { columnOf($0) == x })?.heading != nil {
            out.append("the column at \(x) ends on a heading")
        }
        for (heading, texts) in under where Set(texts).count != texts.count {
            out.append("rows under \"\(heading)\" repeat: \(texts)")
        }
        return out
    }
}
