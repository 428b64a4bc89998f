/// Textbook concepts in the search: "Broca" answers with the best atlas's regions and lists the
/// equivalents in the other atlases; `--highlight Broca` takes every region of the concept.
extension RegionSearch {
    /// The concept a query (without its side) names exactly, if any.
    func concept(for key: TextMatching.Key) -> Concept? {
        concepts?.concept(matching: key.text)
    }

    /// The side a concept query means: the one named, else the caller's, else the concept's own.
    func side(for concept: Concept, named: Hemisphere?) -> Hemisphere? {
        named ?? defaultSide ?? concept.side
    }

    /// `find` for a concept: the first region of the best atlas (or of the chosen atlas), then
    /// the concept's other regions there, the equivalents in other atlases, and the other side.
    /// Nil when the chosen atlas has none of the concept's regions (plain matching goes on).
    func conceptMatch(_ concept: Concept, side named: Hemisphere?) -> Match? {
        let side = side(for: concept, named: named) ?? .left
        let perAtlas = library.regions(of: concept, side: side, atlas: atlasFilter)
        guard let first = perAtlas.first, let region = first.regions.first else { return nil }
        var alternatives = Array(first.regions.dropFirst())
        for (_, regions) in perAtlas.dropFirst() { alternatives.append(regions[0]) }
        let homologues = groups.first { $0.regions.contains(region) }?.regions ?? [region]
        alternatives += homologues.filter { $0 != region && !alternatives.contains($0) }
        var match = Match(region: region, homologues: homologues, alternatives: alternatives, side: named,
                          impliedSide: named == nil ? side : nil, score: 1)
        match.concept = concept
        return match
    }

    /// Regions of other atlases that a concept containing `region` maps it to ("BA 17" → V1).
    func equivalents(of region: Region) -> [Region] {
        guard let concepts, atlasFilter == nil else { return [] }
        var out: [Region] = []
        // Only the most specific concept (fewest regions in the region's atlas): a broad one such as
        // the limbic system names systems, not equivalents.
        let specific = concepts.concepts(containing: region).min { ($0.regions[region.atlas]?.count ?? 0) < ($1.regions[region.atlas]?.count ?? 0) }
        for concept in specific.map({ [$0] }) ?? [] {
            let side = region.hemisphere == .none ? nil : region.hemisphere
            for (atlas, regions) in library.regions(of: concept, side: side ?? concept.side ?? .left) where atlas != region.atlas {
                if !out.contains(regions[0]) { out.append(regions[0]) }
            }
        }
        return out
    }

    /// Every region of a concept in the chosen atlas, on the side meant (both when the concept
    /// and the query name none); nil when the query names no concept with regions there.
    func conceptHighlight(_ query: String) throws -> [Region]? {
        guard case .words(let key, let named) = try parse(query), let concept = concept(for: key) else { return nil }
        let regions = library.regions(of: concept, side: side(for: concept, named: named), atlas: atlasFilter)
        guard let first = regions.first else { return nil }
        return atlasFilter == nil ? first.regions : regions.flatMap(\.regions)
    }

    /// A concept query's regions, best atlas first, for `ranked`; empty for other queries.
    func conceptHits(_ key: TextMatching.Key, side named: Hemisphere?) -> [Region] {
        guard let concept = concept(for: key) else { return [] }
        return library.regions(of: concept, side: named.map { $0 } ?? defaultSide, atlas: atlasFilter).flatMap(\.regions)
    }
}
