/// "Did you mean": near misses that a person would recognise as what they meant to type.
extension RegionSearch {
    /// The regions closest to `query` for a "did you mean", best first (one per sourceLabel, on
    /// the side the query names, else the caller's side, else left). A region qualifies when a
    /// name, synonym or concept term resembles the query by `resemblance` at least
    /// `suggestionFloor`; unrelated names never fill the list.
    public func suggestions(for query: String, limit: Int = 5) -> [Region] {
        let (words, named) = RegionSearch.splitSide(query)
        let side = named ?? defaultSide
        let key = TextMatching.Key(normalized: words.joined(separator: " "))
        guard !key.bytes.isEmpty else { return [] }
        var scored: [(regions: [Region], score: Double, rank: Int)] = []
        for g in groups {
            let best = g.keys.filter { RegionSearch.sharesWord(key, $0) }.map { RegionSearch.resemblance(key, $0) }.max() ?? 0
            if best >= RegionSearch.suggestionFloor { scored.append((g.regions, best, g.rank)) }
        }
        // A misspelt textbook term ("Brocca") suggests the concept's regions in the searched atlases.
        for concept in concepts?.concepts ?? [] {
            let best = ([concept.name] + concept.terms).map { TextMatching.Key(normalized: TextMatching.normalize($0)) }
                .filter { RegionSearch.sharesWord(key, $0) }.map { RegionSearch.resemblance(key, $0) }.max() ?? 0
            guard best >= RegionSearch.suggestionFloor else { continue }
            for (_, regions) in library.regions(of: concept, side: nil, atlas: atlasFilter).prefix(1) {
                for r in regions {
                    let group = groups.first { $0.regions.contains(r) }
                    scored.append((group?.regions ?? [r], best, group?.rank ?? 0))
                }
            }
        }
        scored.sort { a, b in a.score != b.score ? a.score > b.score : a.rank < b.rank }
        var regions: [Region] = []
        for candidate in scored where regions.count < limit {
            let region = RegionSearch.pick(candidate.regions, side)
            if !regions.contains(where: { $0.displayName == region.displayName }) { regions.append(region) }
        }
        return regions
    }

    /// Whether a query and a candidate name share a word, allowing the slips people make: the same
    /// word, one the beginning of the other ("smel", "emotional"), a misspelling that keeps the
    /// first letter (one edit in words of five letters or more, two from eight), or a long word
    /// found, nearly, inside a longer one. A suggestion
    /// without a shared word would jump to an unrelated area ("decision" is not "vision").
    static func sharesWord(_ query: TextMatching.Key, _ candidate: TextMatching.Key) -> Bool {
        for q in query.words where q.count >= 2 {
            for c in candidate.words where c.count >= 2 {
                if q == c { return true }
                let shorter = min(q.count, c.count)
                if shorter >= 4, q.starts(with: c) || c.starts(with: q) { return true }
                // A long word misspelt inside a longer one ("hipocampus" in "parahippocampal").
                if q.count >= 8, c.count > q.count, infixDistance(q, in: c) <= q.count / 3 { return true }
                guard shorter >= 5, q[0] == c[0], abs(q.count - c.count) <= 2 else { continue }
                if TextMatching.distance(q, c) <= (shorter >= 8 ? 2 : 1) { return true }
            }
        }
        return false
    }

    /// How much a candidate name resembles a query, 0…1: the best of the loose word match, the
    /// edit similarity of the whole text, 0.9 × the edit similarity of the closest pair of words
    /// of three letters or more or of a query word of five letters or more
    /// against the closest part of a candidate word ("hipocampus" → "parahippocampal gyrus").
    static func resemblance(_ query: TextMatching.Key, _ candidate: TextMatching.Key) -> Double {
        func similarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
            1 - Double(TextMatching.distance(a, b)) / Double(max(a.count, b.count, 1))
        }
        var words = 0.0, parts = 0.0
        for q in query.words where q.count >= 3 {
            for c in candidate.words where c.count >= 3 {
                words = max(words, similarity(q, c))
                if q.count >= 5, c.count > q.count { parts = max(parts, 1 - Double(infixDistance(q, in: c)) / Double(q.count)) }
            }
        }
        return max(TextMatching.score(query: query, candidate: candidate, loose: true),
                   similarity(query.bytes, candidate.bytes), 0.9 * max(words, parts))
    }

    /// Edits that turn `q` into some run of letters of `c` (free start and end in `c`).
    static func infixDistance(_ q: [UInt8], in c: [UInt8]) -> Int {
        var previous = [Int](repeating: 0, count: c.count + 1)
        for (i, a) in q.enumerated() {
            var row = [Int](repeating: i + 1, count: c.count + 1)
            for (j, b) in c.enumerated() {
                row[j + 1] = min(previous[j] + (a == b ? 0 : 1), previous[j + 1] + 1, row[j] + 1)
            }
            previous = row
        }
        return previous.min() ?? q.count
    }
}
