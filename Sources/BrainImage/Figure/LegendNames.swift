/// The rule that keeps a legend one readable table: every row's text differs from every other's.
/// Names that share their first words (a network's parcels) are shortened alike when one of
/// them does not fit: the same first words, " … ", then each one's own rest ("Default … Temp 1",
/// "Default … PFC 20"). Any other name too wide for its column is shortened at word boundaries,
/// keeping its first words, its side mark and the fewest last words no other name ends with, a
/// bare number never alone ("Salience / ventral … FrOperIns 3 (L, R)"), so rows that share a long
/// beginning still tell their regions apart; only a single word too wide for the column is cut
/// between letters.
extension Legend {
    /// The lines for `names` in columns `maxWidth` wide: whole on one line, else on two lines,
    /// else shortened as above. With `twoLines` false every name keeps to one line.
    static func distinctLines(_ names: [String], maxWidth: Int, size: Int, twoLines: Bool, text: TextRenderer) -> [TextLine] {
        let parts = names.map(Self.sideSplit)
        let words = parts.map { $0.core.split(separator: " ").map(String.init) }
        let full = names.map { text.layout($0, size: size) }
        func fits(_ i: Int) -> Bool {
            full[i].advance <= maxWidth
                || (twoLines && (text.layoutTwoLines(names[i], size: size, centred: false).map { $0.advance <= maxWidth } ?? false))
        }
        var alike: [Int: TextLine] = [:]
        for members in Dictionary(grouping: names.indices, by: { words[$0].first ?? "" }).values
        where members.count > 1 && members.contains(where: { !fits($0) }) {
            let others = names.indices.filter { words[$0].first != words[members[0]].first }.map { words[$0] }
            if let lines = shortenedAlike(members, words: words, others: others, sides: parts.map(\.side), maxWidth: maxWidth,
                                          size: size, text: text) {
                alike.merge(lines) { a, _ in a }
            }
        }
        return names.indices.map { i in
            if let line = alike[i] { return line }
            if full[i].advance <= maxWidth { return full[i] }
            if twoLines, let two = text.layoutTwoLines(names[i], size: size, centred: false), two.advance <= maxWidth { return two }
            let w = words[i]
            let tail = distinguishingTail(w, among: words, except: i)
            // The most first words that fit before " … " and the tail (the side kept, but for a
            // pair's "(L, R)" when nothing fits with it: its two swatches say it); none when the
            // tail alone fills the column. A first part never ends on a lone "/" or "-".
            for side in Self.sideChoices(parts[i].side) {
                if side != parts[i].side, case let whole = text.layout(parts[i].core, size: size), whole.advance <= maxWidth { return whole }
                for head in stride(from: w.count - tail - 1, through: 0, by: -1) where head > 0 || tail > 0 || !side.isEmpty {
                    if head > 0, w[head - 1].allSatisfy({ !$0.isLetter && !$0.isNumber }) { continue }
                    let kept = w.prefix(head).joined(separator: " ")
                    let end = (w.suffix(tail) + (side.isEmpty ? [] : [side])).joined(separator: " ")
                    let candidate = head == 0 ? "… " + end : (end.isEmpty ? kept + "…" : kept + " … " + end)
                    let line = text.layout(candidate, size: size)
                    if line.advance <= maxWidth { return line }
                }
            }
            return fitted(names[i], maxWidth: maxWidth, size: size, text: text)
        }
    }

    /// The lines of `members` (names sharing their first word) shortened alike: the most of their
    /// common first words that lets every one fit (none, when even one word is too many), " … ",
    /// and each one's rest, which keeps at least one word that is not a bare number; nil when no
    /// such cut fits them all.
    static func shortenedAlike(_ members: [Int], words: [[String]], others: [[String]], sides: [String], maxWidth: Int,
                               size: Int, text: TextRenderer) -> [Int: TextLine]? {
        var common = words[members[0]].count
        for i in members.dropFirst() {
            common = min(common, zip(words[members[0]], words[i]).prefix { $0 == $1 }.count)
        }
        while common > 0, members.contains(where: { i in
            words[i].dropFirst(common).allSatisfy { $0.allSatisfy(\.isNumber) } }) { common -= 1 }
        guard common > 1 else { return nil }
        // Last, no first words at all: the rows stand together (networks rank together), so a
        // run of "… FrOperIns 1" reads under its neighbours, and stays even.
        // Without first words a row must not read as another group's ("… Par 1" of two networks).
        let restsApart = members.allSatisfy { i in
            let rest = Array(words[i].dropFirst(common))
            return !others.contains { $0.count >= rest.count && Array($0.suffix(rest.count)) == rest }
        }
        for dropPairs in [false, true] {
            for head in stride(from: common - 1, through: restsApart ? 0 : 1, by: -1) {
                if head > 0, words[members[0]][head - 1].allSatisfy({ !$0.isLetter && !$0.isNumber }) { continue }
                let kept = words[members[0]].prefix(head)
                let lines = members.map { i in
                    let side = dropPairs ? Self.sideChoices(sides[i]).last! : sides[i]
                    return text.layout((kept + ["…"] + words[i].dropFirst(common) + (side.isEmpty ? [] : [side])).joined(separator: " "), size: size)
                }
                if lines.allSatisfy({ $0.advance <= maxWidth }) { return Dictionary(uniqueKeysWithValues: zip(members, lines)) }
            }
        }
        return nil
    }

    /// The side marks a shortened row may keep, preferred first: its own, then for a left–right
    /// pair none (its two swatches, left first, already say both sides).
    static func sideChoices(_ side: String) -> [String] {
        side == "(L, R)" ? [side, ""] : [side]
    }

    /// A row's name and its side mark ("(L)", "(R)", "(L, R)"), which shortening always keeps.
    static func sideSplit(_ name: String) -> (core: String, side: String) {
        for mark in [" (L, R)", " (L)", " (R)"] where name.hasSuffix(mark) {
            return (String(name.dropLast(mark.count)), String(mark.dropFirst()))
        }
        return (name, "")
    }

    /// How many last words of `name` no other name sharing its first word ends with, and at
    /// least one word that is not a bare number ("PFCl 2", not "2"); 0 when the first word alone
    /// tells it apart.
    static func distinguishingTail(_ name: [String], among all: [[String]], except i: Int) -> Int {
        let similar = all.indices.filter { $0 != i && all[$0].first == name.first }.map { all[$0] }
        guard !similar.isEmpty, !name.isEmpty else { return 0 }
        var k = 1
        while k < name.count, similar.contains(where: { $0.count >= k && Array($0.suffix(k)) == Array(name.suffix(k)) }) { k += 1 }
        while k < name.count, name.suffix(k).allSatisfy({ $0.allSatisfy(\.isNumber) }) { k += 1 }
        return k
    }
}
