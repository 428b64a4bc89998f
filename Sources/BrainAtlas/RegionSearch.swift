import Foundation

/// Finds regions by what people type: names, sourceLabels, synonyms and abbreviations, in any
/// case and accents, with misspellings and "left/right/lh/rh" (used by `info` and `--highlight`).
public struct RegionSearch: Sendable {
    /// The best match, its homologues and the next candidates.
    public struct Match: Sendable {
        /// The chosen region: the named side; else the side a one-sided name implies; else left.
        public let region: Region
        /// Every region sharing the match's sourceLabel in its atlas (left and right homologues).
        public let homologues: [Region]
        /// The other side first, then the next best regions.
        public let alternatives: [Region]
        /// The side named in the query, if any.
        public let side: Hemisphere?
        /// When the query names no side: the side implied by a name that only one side's region
        /// carries ("Broca's area homologue" is the right Broca region).
        public let impliedSide: Hemisphere?
        /// 0…1; 1 is an exact name, sourceLabel or synonym.
        public let score: Double
        /// The textbook concept the query named ("Broca"), whose regions in other atlases are
        /// among the alternatives.
        public var concept: Concept? = nil
    }

    /// Below this a match is a suggestion, not an answer.
    public static let threshold = 0.62
    /// Suggestions resemble the query at least this much (see `resemblance`).
    static let suggestionFloor = 0.6
    /// Atlas order for ties when no atlas is named; unlisted atlases follow in catalog order.
    public static let priority = ["gyri", "subcortical", "lobes", "functional", "brodmann", "sulci", "networks"]

    struct Group: Sendable {
        var regions: [Region]
        var keys: [TextMatching.Key]
        /// Per key: the side whose region alone has it as its name; nil for shared names,
        /// sourceLabels and synonyms.
        var keySides: [Hemisphere?]
        var rank: Int
    }

    /// How well a group (`groups[index]`) answers a query, and the side its best key implies.
    struct Scored {
        let index: Int
        let score: Double
        let side: Hemisphere?
        /// The group has a region on the side the query names (true when it names none).
        let hasSide: Bool
    }

    /// A query read once for `find` and `ranked`: a region id (an atlas chosen), words, or a side only.
    enum Parsed {
        case id(Region, side: Hemisphere?)
        case words(TextMatching.Key, side: Hemisphere?)
        case sideOnly
    }

    let groups: [Group]
    let atlasFilter: String?
    let library: AtlasLibrary
    let concepts: ConceptTable?
    /// The side the caller shows (`render --hemi right`), used when the query names none.
    let defaultSide: Hemisphere?

    /// Indexes the regions of `atlas` (all atlases when nil), reading their texts for synonyms.
    /// `side` is the side a caller shows, for queries and suggestions that name none.
    public init(library: AtlasLibrary, atlas: String? = nil, side: Hemisphere? = nil) throws {
        self.library = library
        atlasFilter = atlas
        concepts = try library.conceptTable()
        defaultSide = side == Hemisphere.none ? nil : side
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
                // Remember which side carries each name: the right region may have its own
                // ("Broca's area homologue"), and that name alone then selects the right side.
                let names = regions.map { TextMatching.normalize($0.name) }
                let sided = regions.contains { $0.hemisphere != regions[0].hemisphere }
                func sideOnly(_ name: String) -> Hemisphere? {
                    guard sided, let first = names.firstIndex(of: name) else { return nil }
                    let side = regions[first].hemisphere
                    return zip(names, regions).allSatisfy { $0.0 != name || $0.1.hemisphere == side } ? side : nil
                }
                var raw = [label] + RegionSearch.derivedAliases(label) + (texts?.entry(for: label)?.synonyms ?? [])
                raw = raw.map(TextMatching.normalize)
                var seen = Set<String>()
                var keys: [TextMatching.Key] = []
                var keySides: [Hemisphere?] = []
                for text in names + raw where !text.isEmpty && seen.insert(text).inserted {
                    keys.append(TextMatching.Key(normalized: text))
                    keySides.append(sideOnly(text))
                }
                groups.append(Group(regions: regions, keys: keys, keySides: keySides, rank: atlasRank * 10_000 + i))
            }
        }
        self.groups = groups
    }

    /// The best region for `query`, or `AtlasError.noMatch` with the nearest suggestions.
    /// The region is by construction the first of `ranked(query)`.
    public func find(_ query: String) throws -> Match {
        do { try RequestLimits.checkText(query, field: "query") } catch { throw AtlasError.invalid(error) }
        let key: TextMatching.Key, side: Hemisphere?
        switch try parse(query) {
        case .id(let region, let named): return try idMatch(region, side: named, query: query)
        case .sideOnly: throw AtlasError.invalid(FieldError("query", value: query, "names no region (only a side)"))
        case .words(let k, let named): (key, side) = (k, named)
        }
        if let area = BrodmannNumber(RegionSearch.splitSide(query).words) { return try brodmannMatch(area, side: side, query: query) }
        if let concept = concept(for: key), let match = conceptMatch(concept, side: side) { return match }
        let ranked = matches(key, side: side)
        guard let best = ranked.first else {
            throw AtlasError.noMatch(query: query, suggestions: suggestions(for: query).map(\.displayName))
        }
        let bestRegions = groups[best.index].regions
        let implied = side == nil ? best.side : nil
        let region = RegionSearch.pick(bestRegions, side ?? implied ?? defaultSide)
        // The other side first, then the region's equivalents in other atlases ("BA 17" → V1),
        // then good matches of the same atlas ("cingulate" lists the other cingulate parts),
        // then those of other atlases.
        var alternatives = bestRegions.filter { $0 != region }
        for equivalent in equivalents(of: region) where alternatives.count < 5 && !alternatives.contains(equivalent) {
            alternatives.append(equivalent)
        }
        let runnersUp = ranked.dropFirst().prefix(24)
        let atlas = bestRegions[0].atlas
        let sameAtlasFirst = runnersUp.filter { groups[$0.index].regions[0].atlas == atlas }
            + runnersUp.filter { groups[$0.index].regions[0].atlas != atlas }
        for other in sameAtlasFirst where alternatives.count < 5 {
            let next = RegionSearch.pick(groups[other.index].regions, side ?? defaultSide)
            if !alternatives.contains(next) { alternatives.append(next) }
        }
        return Match(region: region, homologues: bestRegions, alternatives: alternatives, side: side,
                     impliedSide: implied, score: best.score)
    }

    /// An area number matches only regions that are exactly that area (best atlas first), else says
    /// that no atlas draws it and names its neighbour.
    func brodmannMatch(_ area: BrodmannNumber, side: Hemisphere?, query: String) throws -> Match {
        let labels = area.sourceLabels
        let found = groups.filter { $0.regions.contains { labels.contains($0.sourceLabel) } }.sorted { $0.rank < $1.rank }
        guard let best = found.first else {
            let near = BrodmannNumber.neighbours[area.number].flatMap { n in
                groups.first { $0.regions.contains { $0.sourceLabel == "Brodmann.\(n.area)" } }?.regions.first?.labelName
            }
            throw AtlasError.areaNotInAtlas(query: query, message: area.missingMessage(nearest: near))
        }
        let region = RegionSearch.pick(best.regions, side ?? defaultSide)
        var alternatives = best.regions.filter { $0 != region }
        for g in found.dropFirst() where alternatives.count < 5 {
            alternatives.append(RegionSearch.pick(g.regions, side ?? defaultSide))
        }
        return Match(region: region, homologues: best.regions, alternatives: alternatives, side: side, impliedSide: nil, score: 1)
    }

    /// Splits off the side and recognises an id (only when an atlas is chosen, as ids are per atlas).
    func parse(_ query: String) throws -> Parsed {
        let (words, side) = RegionSearch.splitSide(query)
        if let atlasFilter, words.count == 1, let id = Int(words[0]),
           let region = try library.atlas(named: atlasFilter).region(id: id) {
            return .id(region, side: side)
        }
        guard !words.isEmpty else { return .sideOnly }
        return .words(TextMatching.Key(normalized: words.joined(separator: " ")), side: side)
    }

    /// The groups that answer `key` (score at least `threshold`), best first: by score, then
    /// (a side named) those with a region on that side, as Schaefer's LH/RH parcels share
    /// names, then atlas priority and recipe order. The one ranking behind `find` and `ranked`.
    func matches(_ key: TextMatching.Key, side: Hemisphere?) -> [Scored] {
        var found: [Scored] = []
        for (i, g) in groups.enumerated() {
            let (score, keySide) = RegionSearch.score(g, key)
            guard score >= RegionSearch.threshold else { continue }
            let hasSide = side.map { s in g.regions.contains { $0.hemisphere == s } } ?? true
            found.append(Scored(index: i, score: score, side: keySide, hasSide: hasSide))
        }
        // Ranks are unique per group, so the order is total and the same on every call.
        found.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.hasSide != b.hasSide { return a.hasSide }
            return groups[a.index].rank < groups[b.index].rank
        }
        return found
    }

    /// The best key of `group` for `key`; keys of one side that tie with keys of the other (or
    /// with shared keys) imply no side.
    static func score(_ group: Group, _ key: TextMatching.Key) -> (score: Double, side: Hemisphere?) {
        var best = 0.0
        var side: Hemisphere?
        var conflict = false
        for (k, candidate) in group.keys.enumerated() {
            let s = TextMatching.score(query: key, candidate: candidate)
            if s > best {
                (best, side, conflict) = (s, group.keySides[k], false)
            } else if s == best, s > 0, group.keySides[k] != side {
                conflict = true
            }
        }
        return (best, conflict ? nil : side)
    }

    /// A region named by id. A side that disagrees with the region's own picks its homologue on
    /// that side (same sourceLabel, else same name, as Schaefer's LH/RH parcels); midline regions
    /// ignore the side, as they do for names.
    func idMatch(_ region: Region, side: Hemisphere?, query: String) throws -> Match {
        func group(of r: Region) -> [Region] { groups.first { $0.regions.contains(r) }?.regions ?? [r] }
        var chosen = region
        if let side, side != .none, region.hemisphere != .none, region.hemisphere != side {
            let sameName = try library.atlas(named: region.atlas).regions
                .first { $0.hemisphere == side && $0.name == region.name }
            guard let homologue = group(of: region).first(where: { $0.hemisphere == side }) ?? sameName else {
                throw AtlasError.badArgument(
                    "query '\(query)'",
                    problem: "region \(region.id) of atlas '\(region.atlas)' is \(region.displayName) and has no \(side.rawValue) counterpart; drop the side or give the \(side.rawValue) region's id")
            }
            chosen = homologue
        }
        let homologues = group(of: chosen)
        return Match(region: chosen, homologues: homologues, alternatives: homologues.filter { $0 != chosen },
                     side: side, impliedSide: nil, score: 1)
    }

    /// Regions a `--highlight` names: an id, or both homologues unless the query names a side
    /// (or uses a name only one side has).
    public func highlight(_ query: String) throws -> [Region] {
        if let regions = try conceptHighlight(query) { return regions }
        let match = try find(query)
        let isId = atlasFilter != nil && Int(query.trimmingCharacters(in: .whitespaces)) != nil
        return match.side == nil && match.impliedSide == nil && !isId ? match.homologues : [match.region]
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
