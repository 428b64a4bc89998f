import Foundation

/// String normalisation and similarity for region search: folded case and accents, words only.
enum TextMatching {
    /// "Broca's Área" → "brocas area"; "S_central" → "s central"; "Brodmann.4" → "brodmann 4".
    static func normalize(_ s: String) -> String {
        let folded = s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var out = ""
        out.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for ch in folded.unicodeScalars {
            if ch == "'" || ch == "\u{2019}" { continue }  // "Broca's" and "Brocas" are one word
            if CharacterSet.alphanumerics.contains(ch) {
                // Split digit/letter runs so "ba44" and "ba 44" meet.
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                if let last = out.unicodeScalars.last, last != " ",
                   CharacterSet.decimalDigits.contains(last) != CharacterSet.decimalDigits.contains(ch),
                   CharacterSet.decimalDigits.contains(ch) {
                    out.append(" ")
                }
                out.unicodeScalars.append(ch)
            } else {
                pendingSpace = true
            }
        }
        return out
    }

    static func tokens(_ normalized: String) -> [Substring] {
        normalized.split(separator: " ")
    }

    /// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), so
    /// "precentarl" is one edit from "precentral".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, prev2[j - 2] + 1) }
                cur[j] = v
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }

    /// 1 for equal strings, falling to 0 as edits approach the longer length.
    static func similarity(_ a: String, _ b: String) -> Double {
        let longest = max(a.utf8.count, b.utf8.count)
        guard longest > 0 else { return 1 }
        return 1 - Double(distance(a, b)) / Double(longest)
    }

    /// How well `query` names `candidate` (both normalised), 0…1. Exact names score 1; every
    /// query word present scores by coverage; misspellings score by edit similarity.
    static func score(query: String, candidate: String) -> Double {
        if query == candidate { return 1 }
        if query.replacingOccurrences(of: " ", with: "") == candidate.replacingOccurrences(of: " ", with: "") {
            return 0.98
        }
        let q = tokens(query), c = tokens(candidate)
        guard !q.isEmpty, !c.isEmpty else { return 0 }
        var best = 0.0
        // Every query word is a candidate word (or a prefix of one, ≥ 4 letters).
        var matched = 0.0
        for word in q {
            if c.contains(word) { matched += 1 } else if word.count >= 4, c.contains(where: { $0.hasPrefix(word) }) {
                matched += 0.8
            } else {
                let s = c.map { similarity(String(word), String($0)) }.max() ?? 0
                if word.count >= 4, s >= 0.75 { matched += 0.7 * s }
            }
        }
        let coverage = matched / Double(q.count)
        if coverage > 0 {
            let fill = Double(q.count) / Double(c.count)
            best = coverage >= 0.999 ? 0.8 + 0.15 * min(fill, 1) : 0.8 * coverage * (0.5 + 0.5 * min(fill, 1))
        }
        // Whole-string misspellings ("precentarl gyrus").
        let whole = similarity(query, candidate)
        if whole >= 0.7 { best = max(best, 0.9 * whole) }
        return min(best, 0.97)
    }
}
