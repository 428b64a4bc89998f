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
    /// A textbook concept's regions come first (the first of them is `find`'s answer too).
    public func ranked(_ query: String, limit: Int = .max) -> [Hit] {
        guard limit > 0, let parsed = try? parse(query) else { return [] }
        var hits: [Hit] = []
        // Appends the group's picked region, then (no side named) its other regions.
        func add(_ regions: [Region], chosen: Region, score: Double, sided: Bool) {
            if !hits.contains(where: { $0.region == chosen }) { hits.append(Hit(region: chosen, score: score)) }
            guard !sided else { return }
            for r in regions where r != chosen && hits.count < limit && !hits.contains(where: { $0.region == r }) {
                hits.append(Hit(region: r, score: score))
            }
        }
        switch parsed {
        case .sideOnly:
            return []
        case .id(let region, let side):
            // Same answer as `find`, including its refusal of a side the region lacks.
            guard let match = try? idMatch(region, side: side, query: query) else { return [] }
            add(match.homologues, chosen: match.region, score: 1, sided: side != nil)
        case .words(let key, let side):
            // A textbook concept ("V1") puts its regions first, best atlas leading.
            for r in conceptHits(key, side: side) where hits.count < limit { hits.append(Hit(region: r, score: 1)) }
            let found = matches(key, side: side)
            hits.reserveCapacity(min(limit, 2 * found.count))
            for (n, scored) in found.enumerated() where hits.count < limit {
                let regions = groups[scored.index].regions
                let chosen = RegionSearch.pick(regions, side ?? scored.side ?? defaultSide)
                add(regions, chosen: chosen, score: scored.score, sided: side != nil)
                // As `find` lists them: the best region's equivalents in other atlases ("BA 17" → V1).
                guard n == 0 else { continue }
                for r in equivalents(of: chosen) where hits.count < limit && !hits.contains(where: { $0.region == r }) {
                    hits.append(Hit(region: r, score: scored.score))
                }
            }
        }
        return hits
    }
}
