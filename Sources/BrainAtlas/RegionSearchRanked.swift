extension RegionSearch {
    /// One region of a ranked search, with the score of the name, sourceLabel or synonym that matched.
    public struct Hit: Sendable, Equatable {
        public let region: Region
        /// 0…1 as `Match.score`; every hit reaches `RegionSearch.threshold`.
        public let score: Double
    }

    /// Every region that answers `query` as `find` would, best first, at most `limit`; the
    /// first is `find(query).region`. Groups of one sourceLabel come in `find`'s order; within
    /// one, the region `find` would pick (the named side, else the implied side, else left)
    /// leads. A query naming a side lists only that side's regions (and midline ones), as
    /// `find` does for its runners-up; without a side both homologues follow each other.
    /// No match, or only a side, gives an empty list (`suggestions(for:)` has the near misses).
    public func ranked(_ query: String, limit: Int = .max) -> [Hit] {
        guard limit > 0, let parsed = try? parse(query) else { return [] }
        var hits: [Hit] = []
        // Appends the group's picked region, then (no side named) its other regions.
        func add(_ regions: [Region], chosen: Region, score: Double, sided: Bool) {
            hits.append(Hit(region: chosen, score: score))
            guard !sided else { return }
            for r in regions where r != chosen && hits.count < limit { hits.append(Hit(region: r, score: score)) }
        }
        switch parsed {
        case .sideOnly:
            return []
        case .id(let region, let side):
            // Same answer as `find`, including its refusal of a side the region lacks.
            guard let match = try? idMatch(region, side: side, query: query) else { return [] }
            add(match.homologues, chosen: match.region, score: 1, sided: side != nil)
        case .words(let key, let side):
            let found = matches(key, side: side)
            hits.reserveCapacity(min(limit, 2 * found.count))
            for scored in found where hits.count < limit {
                let regions = groups[scored.index].regions
                let chosen = RegionSearch.pick(regions, side ?? scored.side)
                add(regions, chosen: chosen, score: scored.score, sided: side != nil)
            }
        }
        return hits
    }
}
