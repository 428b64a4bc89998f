/// `info`: the best region for a query with its text, synonyms, volume, centroid and anchor, plus the
/// alternatives. Reads the catalog and texts only, never label volumes.
public struct RegionInfo: Encodable, Sendable {
    /// Fields `info` adds beside the region object.
    public struct Details: Encodable, Sendable, Equatable {
        public let text: String?
        public let synonyms: [String]
        /// Voxel count of the template's 1 mm³ voxels / 1000.
        public let volumeMl: Double?
        public let centroidMni: [Double]?
        /// A voxel inside the region: where to put a crosshair or a label.
        public let anchorMni: [Double]?

        enum CodingKeys: String, CodingKey { case text, synonyms, volumeMl, centroidMni, anchorMni }

        // Explicit nulls: clients see every key whether or not the region has the data.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            if let text { try c.encode(text, forKey: .text) } else { try c.encodeNil(forKey: .text) }
            try c.encode(synonyms, forKey: .synonyms)
            if let volumeMl { try c.encode(volumeMl, forKey: .volumeMl) } else { try c.encodeNil(forKey: .volumeMl) }
            if let centroidMni { try c.encode(centroidMni, forKey: .centroidMni) } else { try c.encodeNil(forKey: .centroidMni) }
            if let anchorMni { try c.encode(anchorMni, forKey: .anchorMni) } else { try c.encodeNil(forKey: .anchorMni) }
        }
    }

    public let region: RegionWith<Details>
    public let alternatives: [Region]
    /// Set when the query named a textbook concept ("Broca"): its regions in every atlas.
    public let concept: ConceptAnswer?

    /// A concept as `info` answers it: `{key, name, note, source, regions: {atlas: [region…]}}`.
    public struct ConceptAnswer: Encodable, Sendable {
        public let key: String
        public let name: String
        public let note: String
        public let source: String
        public let regions: [String: [Region]]
    }

    /// Answers `info QUERY [--atlas NAME]`.
    public static func lookUp(_ query: String, atlas: String? = nil, in library: AtlasLibrary) throws -> RegionInfo {
        let match: RegionSearch.Match
        do {
            match = try RegionSearch(library: library, atlas: atlas).find(query)
        } catch AtlasError.noMatch(let text, let suggestions) where atlas != nil {
            // Searching one atlas for a region of another: say where it is.
            guard let elsewhere = try? RegionSearch(library: library).find(query) else {
                throw AtlasError.noMatch(query: text, suggestions: suggestions)
            }
            throw AtlasError.notInAtlas(query: text, atlas: atlas!, foundIn: elsewhere.region.atlas,
                                        region: elsewhere.region.displayName)
        }
        let region = match.region
        let entry = try library.textEntry(for: region)
        let stats = try library.atlas(named: region.atlas).entry(for: region)
        let details = Details(text: entry?.text, synonyms: entry?.synonyms ?? [],
                              volumeMl: stats?.voxelCount.map { Double($0) / 1000 },
                              centroidMni: stats?.centroidMni, anchorMni: stats?.anchorMni)
        let concept = match.concept.map { c in
            ConceptAnswer(key: c.key, name: c.name, note: c.note, source: c.source,
                          regions: Dictionary(uniqueKeysWithValues: library.regions(of: c, side: region.hemisphere == .none ? nil : region.hemisphere)
                              .map { ($0.atlas, $0.regions) }))
        }
        return RegionInfo(region: RegionWith(region, details), alternatives: match.alternatives, concept: concept)
    }

    /// What `info --json` prints when a lookup fails: `{"error", "suggestions": [region…]}`.
    public struct Failure: Encodable, Sendable {
        public let error: String
        /// The nearest regions when nothing matched; empty for other errors.
        public let suggestions: [Region]
    }

    /// The failure answer for `error` thrown by `lookUp(query, atlas:)`; `library` is nil when
    /// the data itself could not be opened.
    public static func failure(_ error: any Error, query: String, atlas: String? = nil,
                               in library: AtlasLibrary?) -> Failure {
        var suggestions: [Region] = []
        if case .noMatch? = error as? AtlasError, let library,
           let search = try? RegionSearch(library: library, atlas: atlas) {
            suggestions = search.suggestions(for: query)
        }
        return Failure(error: "\(error)", suggestions: suggestions)
    }
}
