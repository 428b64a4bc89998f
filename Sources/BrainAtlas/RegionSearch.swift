import Foundation

/// Finds regions by what people type: names, sourceLabels, synonyms and abbreviations, in any
/// case and accents, with misspellings and "left/right/lh/rh" (used by `info` and `--highlight`).
public struct RegionSearch: Sendable {
    /// The best match, its homologues and the next candidates.
    public struct Match: Sendable {
        /// The chosen region (the named side; left when no side is named).
        public let region: Region
        /// Every region sharing the match's sourceLabel in its atlas (left and right homologues).
        public let homologues: [Region]
        /// The other side first, then the next best regions.
        public let alternatives: [Region]
        /// The side named in the query, if any.
        public let side: Hemisphere?
        /// 0…1; 1 is an exact name, sourceLabel or synonym.
        public let score: Double
    }

    /// Below this a match is a suggestion, not an answer.
    public static let threshold = 0.62
    /// Atlas order for ties when no atlas is named; unlisted atlases follow in catalog order.
    public static let priority = ["gyri", "subcortical", "lobes", "functional", "brodmann", "sulci", "networks"]

    struct Group: Sendable {
        var regions: [Region]
        var keys: [TextMatching.Key]
        var rank: Int
    }

    let groups: [Group]
    let atlasFilter: String?
    let library: AtlasLibrary

    /// Indexes the regions of `atlas` (all atlases when nil), reading their texts for synonyms.
    public init(library: AtlasLibrary, atlas: String? = nil) throws {
        self.library = library
        atlasFilter = atlas
        let chosen = try atlas.map { [try library.atlas(named: $0)] } ?? library.atlases
        var groups: [Group] = []
        for atlas in chosen {
            let texts = try atlas.texts()
            let atlasRank = RegionSearch.priority.firstIndex(of: atlas.name)
                ?? RegionSearch.priority.count + (library.atlasNames.firstIndex(of: atlas.name) ?? 0)
            var order: [String] = []
            var bySource: [String: [Region]] = [:]
            for r in atlas.regions {
                if bySource[r.sourceLabel] == nil { order.append(r.sourceLabel) }
                bySource[r.sourceLabel, default: []].append(r)
            }
            for (i, label) in order.enumerated() {
                let regions = bySource[label]!
                var raw = regions.map(\.name) + [label] + RegionSearch.derivedAliases(label)
                raw += texts?.entry(for: label)?.synonyms ?? []
                var seen = Set<String>()
                let keys = raw.map(TextMatching.normalize).filter { !$0.isEmpty && seen.insert($0).inserted }
                    .map(TextMatching.Key.init(normalized:))
                groups.append(Group(regions: regions, keys: keys, rank: atlasRank * 10_000 + i))
            }
        }
        self.groups = groups
    }

    /// The best region for `query`, or `AtlasError.noMatch` with the nearest suggestions.
    public func find(_ query: String) throws -> Match {
        let (words, side) = RegionSearch.splitSide(query)
        if let atlasFilter, let id = Int(words.joined()), words.count == 1,
           let region = try library.atlas(named: atlasFilter).region(id: id) {
            let group = groups.first { $0.regions.contains(region) }?.regions ?? [region]
            return Match(region: region, homologues: group, alternatives: group.filter { $0 != region },
                         side: side, score: 1)
        }
        let text = words.joined(separator: " ")
        guard !text.isEmpty else {
            throw AtlasError.badArgument("query '\(query)'", problem: "names no region (only a side)")
        }
        let key = TextMatching.Key(normalized: text)
        var ranked: [(Group, Double)] = []
        ranked.reserveCapacity(groups.count)
        for g in groups {
            var best = 0.0
            for candidate in g.keys { best = max(best, TextMatching.score(query: key, candidate: candidate)) }
            ranked.append((g, best))
        }
        // A named side prefers groups that have it (Schaefer's LH/RH parcels share names).
        func hasSide(_ g: Group) -> Bool { side.map { s in g.regions.contains { $0.hemisphere == s } } ?? true }
        ranked.sort { (a: (Group, Double), b: (Group, Double)) -> Bool in
            if a.1 != b.1 { return a.1 > b.1 }
            if hasSide(a.0) != hasSide(b.0) { return hasSide(a.0) }
            return a.0.rank < b.0.rank
        }
        guard let (best, score) = ranked.first, score >= RegionSearch.threshold else {
            throw AtlasError.noMatch(query: query, suggestions: suggestions(text, side: side))
        }
        let region = RegionSearch.pick(best.regions, side)
        var alternatives = best.regions.filter { $0 != region }
        for (g, s) in ranked.dropFirst().prefix(8) where s >= RegionSearch.threshold && alternatives.count < 5 {
            alternatives.append(RegionSearch.pick(g.regions, side))
        }
        return Match(region: region, homologues: best.regions, alternatives: alternatives, side: side, score: score)
    }

    /// The five regions whose names are closest to `text`, for a "did you mean".
    func suggestions(_ text: String, side: Hemisphere?) -> [String] {
        let query = TextMatching.Key(normalized: text)
        var scored: [(Group, Double)] = []
        for g in groups {
            var best = 0.0
            for key in g.keys {
                best = max(best, TextMatching.score(query: query, candidate: key),
                           0.5 * (1 - Double(TextMatching.distance(query.bytes, key.bytes)) / Double(max(query.bytes.count, key.bytes.count, 1))))
            }
            scored.append((g, best))
        }
        scored.sort { (a: (Group, Double), b: (Group, Double)) -> Bool in a.1 != b.1 ? a.1 > b.1 : a.0.rank < b.0.rank }
        var names: [String] = []
        for (g, _) in scored where names.count < 5 {
            let name = RegionSearch.pick(g.regions, side).displayName
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Regions a `--highlight` names: an id, or both homologues unless the query names a side.
    public func highlight(_ query: String) throws -> [Region] {
        let match = try find(query)
        let isId = atlasFilter != nil && Int(query.trimmingCharacters(in: .whitespaces)) != nil
        return match.side == nil && !isId ? match.homologues : [match.region]
    }

    /// Splits "left precentral" / "precentral lh" / "Left-Hippocampus" into words and a side.
    static func splitSide(_ query: String) -> (words: [String], side: Hemisphere?) {
        let words = TextMatching.tokens(TextMatching.normalize(query)).map(String.init)
        var side: Hemisphere?
        var rest: [String] = []
        for w in words {
            switch w {
            case "left", "lh": side = .left
            case "right", "rh": side = .right
            case "l" where words.count > 1: side = .left
            case "r" where words.count > 1: side = .right
            default: rest.append(w)
            }
        }
        return (rest, side)
    }

    static func pick(_ regions: [Region], _ side: Hemisphere?) -> Region {
        let want = side ?? .left
        return regions.first { $0.hemisphere == want } ?? regions.first { $0.hemisphere == .none } ?? regions[0]
    }

    /// Aliases people use that the sources do not spell: "BA 4", "area 4", "Brodmann area 4".
    static func derivedAliases(_ sourceLabel: String) -> [String] {
        var number: String?
        if sourceLabel.hasPrefix("Brodmann.") { number = String(sourceLabel.dropFirst("Brodmann.".count)) }
        if sourceLabel.hasPrefix("BA"), sourceLabel.hasSuffix("_exvivo") {
            number = String(sourceLabel.dropFirst(2).dropLast("_exvivo".count))
        }
        guard let number, !number.isEmpty else { return [] }
        return ["BA \(number)", "area \(number)", "Brodmann area \(number)"]
    }
}
