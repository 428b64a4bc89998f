import Foundation

/// String normalisation and similarity for region search: folded case and accents, words only.
/// Keys are prepared once (bytes, words, the words run together) so scoring allocates little.
enum TextMatching {
    /// A normalised string ready for scoring.
    struct Key: Sendable {
        let text: String
        let bytes: [UInt8]
        let squashed: [UInt8]
        let words: [[UInt8]]

        init(normalized: String) {
            text = normalized
            bytes = Array(normalized.utf8)
            squashed = bytes.filter { $0 != 0x20 }
            words = bytes.split(separator: 0x20).map(Array.init)
        }
    }

    /// "Broca's Área" → "brocas area"; "S_central" → "s central"; "Brodmann.4" → "brodmann 4".
    static func normalize(_ s: String) -> String {
        // Accents and case folding need Foundation only for non-ASCII text; the region names
        // are almost all ASCII, and this runs for every key of every atlas on each `info`.
        let source = s.utf8.allSatisfy({ $0 < 0x80 }) ? s
            : s.replacingOccurrences(of: "\u{2019}", with: "")
                .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var out: [UInt8] = []
        out.reserveCapacity(source.utf8.count)
        var pendingSpace = false
        var lastWasDigit: Bool?
        for byte in source.utf8 {
            if byte == 0x27 { continue }  // "Broca's" and "Brocas" are one word
            var c = byte
            if c >= 0x41 && c <= 0x5A { c += 0x20 }
            let isDigit = c >= 0x30 && c <= 0x39
            // Letters, digits and whatever non-ASCII is left after folding count as word bytes.
            guard isDigit || (c >= 0x61 && c <= 0x7A) || c >= 0x80 else {
                pendingSpace = true
                continue
            }
            // Split letter→digit runs so "ba44" and "ba 44" meet (but "4a" stays one word).
            if let last = lastWasDigit, !pendingSpace, !last, isDigit { pendingSpace = true }
            if pendingSpace && !out.isEmpty { out.append(0x20) }
            pendingSpace = false
            out.append(c)
            lastWasDigit = isDigit
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func tokens(_ normalized: String) -> [Substring] {
        normalized.split(separator: " ")
    }

    /// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), so
    /// "precentarl" is one edit from "precentral".
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let n = b.count + 1
        var rows = [Int](repeating: 0, count: 3 * n)
        return rows.withUnsafeMutableBufferPointer { r -> Int in
            // Row i of the table lives in slot i % 3; only the last three rows are needed.
            for j in 0..<n { r[j] = j }
            for i in 1...a.count {
                let prev2 = (i + 1) % 3 * n, prev = (i - 1) % 3 * n, cur = i % 3 * n
                r[cur] = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = min(r[prev + j] + 1, r[cur + j - 1] + 1, r[prev + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, r[prev2 + j - 2] + 1) }
                    r[cur + j] = v
                }
            }
            return r[a.count % 3 * n + b.count]
        }
    }

    static func distance(_ a: String, _ b: String) -> Int { distance(Array(a.utf8), Array(b.utf8)) }

    /// 1 for equal strings, falling to 0 as edits approach the longer length.
    static func similarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 1 }
        // Lengths alone bound the distance from below; skip the table when it cannot reach 0.7.
        if Double(abs(a.count - b.count)) / Double(longest) > 0.3 { return 1 - Double(abs(a.count - b.count)) / Double(longest) }
        return 1 - Double(distance(a, b)) / Double(longest)
    }

    static func similarity(_ a: String, _ b: String) -> Double { similarity(Array(a.utf8), Array(b.utf8)) }

    /// How well `query` names `candidate`, 0…1. Exact names score 1; every query word present
    /// scores by coverage; misspellings score by edit similarity.
    static func score(query q: Key, candidate c: Key) -> Double {
        if q.bytes == c.bytes { return 1 }
        if q.squashed == c.squashed { return 0.98 }
        guard !q.words.isEmpty, !c.words.isEmpty else { return 0 }
        var best = 0.0
        var matched = 0.0
        for word in q.words {
            if c.words.contains(word) {
                matched += 1
            } else if word.count >= 4, c.words.contains(where: { $0.starts(with: word) }) {
                matched += 0.8
            } else if word.count >= 4 {
                var s = 0.0
                for w in c.words { s = max(s, similarity(word, w)) }
                if s >= 0.75 { matched += 0.7 * s }
            }
        }
        let coverage = matched / Double(q.words.count)
        if coverage > 0 {
            let fill = min(Double(q.words.count) / Double(c.words.count), 1)
            best = coverage >= 0.999 ? 0.8 + 0.15 * fill : 0.8 * coverage * (0.5 + 0.5 * fill)
        }
        // Whole-string misspellings ("precentarl gyrus").
        let whole = similarity(q.bytes, c.bytes)
        if whole >= 0.7 { best = max(best, 0.9 * whole) }
        return min(best, 0.97)
    }

    static func score(query: String, candidate: String) -> Double {
        score(query: Key(normalized: query), candidate: Key(normalized: candidate))
    }
}
