import BrainAtlas

/// Which ex vivo labels make an answer of a region histological, read from the recipe's rules so
/// the table is written once: a region's own `exvivo` clauses, and for a region grouped from
/// another atlas's areas (`of`), those areas' labels on the same side. Only regions whose
/// provenance claims histology get a list; the catalog stores it (`histologyLabels`) and
/// `AnswerProvenance` reads it at run time.
struct HistologyLabels {
    let atlases: [Recipe.AtlasRecipe]

    /// The sorted labels of `region` in `atlas`, or nil when it claims no histology or names none.
    func labels(of region: Recipe.RegionRecipe, in atlas: Recipe.AtlasRecipe) -> [String]? {
        guard (region.provenance ?? atlas.provenance)?.kind == .histology else { return nil }
        let found = collect(region, in: atlas, depth: 0)
        return found.isEmpty ? nil : found.sorted()
    }

    /// Every label the region's clauses name, following `of` into the grouped atlas (a recipe
    /// groups at most a few levels deep; the depth bound keeps a cyclic recipe from looping).
    private func collect(_ region: Recipe.RegionRecipe, in atlas: Recipe.AtlasRecipe, depth: Int) -> Set<String> {
        var out = Set<String>()
        for clause in region.rules ?? [] {
            out.formUnion(clause.exvivo ?? [])
            guard let names = clause.of, depth < 4, let base = atlas.groupsOf.flatMap({ g in atlases.first { $0.name == g } }) else { continue }
            for r in base.regions where names.contains(r.sourceLabel) && r.hemisphere == region.hemisphere {
                out.formUnion(collect(r, in: base, depth: depth + 1))
            }
        }
        return out
    }
}
