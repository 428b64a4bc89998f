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
        /// Bit i set: word i is a generic or position word, which alone names no region.
        let weak: UInt64
        /// Bit i set: word i is a generic word a candidate may lack at little cost (`neutralWords`).
        let neutral: UInt64
        /// Words that are not generic ("posterior cingulate gyrus" has 2), for the fill ratio.
        let specificCount: Int
        /// True when every word is weak ("gyrus", "left cerebral cortex" without its side).
        let allWeak: Bool

        init(normalized: String) {
            text = normalized
            bytes = Array(normalized.utf8)
            let split = bytes.split(separator: 0x20)
            // One word shares the bytes' storage rather than copying them.
            squashed = split.count == 1 ? bytes : bytes.filter { $0 != 0x20 }
            words = split.count == 1 ? [bytes] : split.map(Array.init)
            // Bit masks and one lookup per word: keys of every region are built on each `info`.
            var weak: UInt64 = 0, neutral: UInt64 = 0, specific = 0
            for (i, word) in words.enumerated() {
                let bit: UInt64 = i < 64 ? 1 << UInt64(i) : 0
                switch TextMatching.wordClass(word) {
                case nil: specific += 1
                case .position?: weak |= bit; specific += 1
                case .kind?: weak |= bit
                case .neutral?: weak |= bit; neutral |= bit
                }
            }
            self.weak = weak
            self.neutral = neutral
            specificCount = specific
            allWeak = weak.nonzeroBitCount == words.count
        }

        func isWeak(_ i: Int) -> Bool { i < 64 && weak & (1 << UInt64(i)) != 0 }
        func isNeutral(_ i: Int) -> Bool { i < 64 && neutral & (1 << UInt64(i)) != 0 }
    }

    /// Generic words (`kindWords`, `neutralWords`) say what kind of structure, not which one;
    /// position words say where. A query made only of these matches nothing ("gyrus", "left
    /// cerebral cortex"), and names are compared without the generic ones ("cingulate" fills
    /// "posterior cingulate gyrus" as well as "posterior cingulate").
    enum WordClass { case kind, neutral, position }

    /// The class of `word`, nil for a specific word. Keys of every region are built on each
    /// `info`, so the generic words are looked up by length and first byte, without hashing.
    static func wordClass(_ word: [UInt8]) -> WordClass? {
        guard let first = word.first, word.count < wordClassTable.count else { return nil }
        for (w, c) in wordClassTable[word.count] where w[0] == first && w == word { return c }
        return nil
    }

    /// The generic words by length.
    static let wordClassTable: [[([UInt8], WordClass)]] = {
        var classes: [[UInt8]: WordClass] = [:]
        for w in positionWords { classes[w] = .position }
        for w in kindWords { classes[w] = .kind }
        for w in neutralWords { classes[w] = .neutral }
        var table = [[([UInt8], WordClass)]](repeating: [], count: (classes.keys.map(\.count).max() ?? 0) + 1)
        for (w, c) in classes { table[w.count].append((w, c)) }
        return table
    }()

    /// Generic words that tell a fold from a groove: a query's "sulcus" missing from a candidate
    /// counts fully against it ("central sulcus" is not the "central lobe").
    static let kindWords: Set<[UInt8]> = Set([
        "gyrus", "gyri", "sulcus", "sulci", "fissure", "lobe", "lobes", "lobule", "lobules",
    ].map { Array($0.utf8) })

    /// Generic words a candidate may lack at little cost ("precentral cortex", "thalamus nucleus").
    static let neutralWords: Set<[UInt8]> = Set([
        "cortex", "cortices", "cortical", "area", "areas", "part", "parts", "portion", "segment", "region",
        "regions", "nucleus", "nuclei", "structure", "zone", "of", "the", "a", "an", "and", "in", "on",
        "cerebral", "cerebri", "brain", "hemisphere", "matter", "grey", "gray", "white", "proper",
    ].map { Array($0.utf8) })

    /// Directions: they count toward how fully a name is covered, but alone name no region.
    static let positionWords: Set<[UInt8]> = Set([
        "anterior", "posterior", "superior", "inferior", "medial", "lateral", "middle", "caudal", "rostral",
        "dorsal", "ventral", "upper", "lower", "front", "back", "internal", "external", "deep", "outer", "inner",
    ].map { Array($0.utf8) })

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
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int { EditDistance.distance(a, b) }

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

    /// `similarity(a, b)` when it reaches `floor`, else 0: the table stops early once the edits
    /// needed rule the floor out.
    static func similarity(_ a: [UInt8], _ b: [UInt8], atLeast floor: Double) -> Double {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 1 }
        if 1 - Double(abs(a.count - b.count)) / Double(longest) < floor { return 0 }
        let bound = EditDistance.bound(longest: longest, floor: floor)
        let d = EditDistance.distance(a, b, bound: bound)
        return d > bound ? 0 : 1 - Double(d) / Double(longest)
    }

    /// How well `query` names `candidate`, 0…1. Exact names score 1; every query word present
    /// scores by coverage; misspellings score by edit similarity. Unless `loose`, generic and
    /// position words cannot make a match on their own: some other word must meet a non-generic
    /// word of the candidate (`loose` ranks "did you mean" suggestions, where "gyrus" may still
    /// point at the gyri).
    static func score(query q: Key, candidate c: Key, loose: Bool = false) -> Double {
        if q.bytes == c.bytes { return 1 }
        if q.squashed == c.squashed { return 0.98 }
        guard !q.words.isEmpty, !c.words.isEmpty, loose || !q.allWeak else { return 0 }
        var best = 0.0
        var matched = 0.0
        var weights = 0.0
        var specificMatch = false
        var everyNamingWordMet = true
        for (i, word) in q.words.enumerated() {
            // A generic word the candidate lacks costs little: "precentral cortex" still names
            // the precentral gyrus.
            let weight = loose || !q.isNeutral(i) ? 1.0 : 0.2
            // The best level at which this word meets a candidate word, preferring non-generic ones.
            var level = 0.0
            var levelIsSpecific = false
            for (j, w) in c.words.enumerated() {
                var l = 0.0
                if w == word {
                    l = 1
                } else if word.count >= 4 {
                    if w.starts(with: word) {
                        l = 0.8
                    } else {
                        let s = similarity(word, w, atLeast: 0.75)
                        if s >= 0.75 { l = 0.7 * s }
                    }
                }
                guard l > 0 else { continue }
                let specific = !q.isWeak(i) && !c.isWeak(j)
                if l > level || (l == level && specific) { level = l; levelIsSpecific = specific }
                if level == 1 && levelIsSpecific { break }
            }
            matched += weight * level
            weights += weight
            if levelIsSpecific { specificMatch = true }
            // Words under four letters get no fuzzy word match, so only the whole string can
            // forgive their typos ("frontal lob").
            if level == 0 && word.count >= 4 && !q.isNeutral(i) { everyNamingWordMet = false }
        }
        if !loose && !specificMatch { matched = 0 }
        let coverage = matched / weights
        if coverage > 0 {
            // Generic words do not dilute the fill: "temporal" fills "temporal lobe".
            let fill = loose ? min(Double(q.words.count) / Double(c.words.count), 1)
                : min(Double(max(q.specificCount, 1)) / Double(max(c.specificCount, 1)), 1)
            best = coverage >= 0.999 ? 0.8 + 0.15 * fill : 0.8 * coverage * (0.5 + 0.5 * fill)
        }
        // Whole-string misspellings ("precentarl gyrus"), for queries that say more than "gyrus"
        // and whose words all resemble the candidate's ("secondary somatosensory" is not a
        // misspelling of "primary somatosensory").
        if loose || q.words.count == 1 || (specificMatch && everyNamingWordMet) {
            let whole = similarity(q.bytes, c.bytes, atLeast: 0.7)
            if whole >= 0.7 { best = max(best, 0.9 * whole) }
        }
        return min(best, 0.97)
    }

    /// Character-pair overlap (Dice) of the strings without spaces: a gentle similarity for
    /// ranking suggestions when no word matches ("hipocampus formation", "cerebelum").
    static func pairOverlap(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count > 1, b.count > 1 else { return a == b ? 1 : 0 }
        return pairOverlap(pairs(a), pairs(b))
    }

    /// `pairOverlap` of two results of `pairs`, so a query's pairs are sorted once.
    static func pairOverlap(_ x: [UInt16], _ y: [UInt16]) -> Double {
        guard !x.isEmpty, !y.isEmpty else { return 0 }
        var common = 0, i = 0, j = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { common += 1; i += 1; j += 1 } else if x[i] < y[j] { i += 1 } else { j += 1 }
        }
        return 2 * Double(common) / Double(x.count + y.count)
    }

    /// Adjacent byte pairs, sorted, for `pairOverlap`.
    static func pairs(_ s: [UInt8]) -> [UInt16] {
        guard s.count > 1 else { return [] }
        var p: [UInt16] = []
        p.reserveCapacity(s.count - 1)
        for i in 1..<s.count { p.append(UInt16(s[i - 1]) << 8 | UInt16(s[i])) }
        return p.sorted()
    }

    static func score(query: String, candidate: String) -> Double {
        score(query: Key(normalized: query), candidate: Key(normalized: candidate))
    }
}
