import BrainAtlas
import Foundation
import Synchronization

/// `/api/search`: regions ranked by `info`'s matching (BrainAtlas `RegionSearch`), for
/// search-as-you-type. One prepared `RegionSearch` per atlas (and one over all atlases) is
/// kept, since preparing its keys costs more than a query.
final class RegionSearchIndex: Sendable {
    /// One ranked answer: every region that `info`'s matching accepts, best first.
    struct Result: Encodable, Sendable {
        struct Rank: Encodable, Sendable {
            /// "best" (`info`'s answer), "homologue" (another side of it) or "alternative".
            let match: String
            /// 0…1, as `info` scores names, sourceLabels and synonyms (3 decimals).
            let score: Double
        }

        let query: String
        let atlas: String?
        let regions: [RegionWith<Rank>]
        /// Nearest names when nothing matches well enough (as `info`'s "did you mean").
        let suggestions: [String]
    }

    static let defaultLimit = 50
    static let maximumLimit = 500

    private let library: AtlasLibrary
    private let searches = Mutex<[String: RegionSearch]>([:])

    init(library: AtlasLibrary) { self.library = library }

    func search(_ query: String, atlas: String?, limit: Int) throws -> Result {
        let search = try prepared(atlas)
        let hits = search.ranked(query, limit: limit)
        guard let best = hits.first?.region else {
            // A query that is only a side ("left") has no suggestions: nothing is named yet.
            let suggestions = search.suggestions(for: query).map(\.displayName)
            return Result(query: query, atlas: atlas, regions: [], suggestions: suggestions)
        }
        let regions = hits.enumerated().map { i, hit in
            let kind = i == 0 ? "best"
                : hit.region.atlas == best.atlas && hit.region.sourceLabel == best.sourceLabel ? "homologue" : "alternative"
            return RegionWith(hit.region, Result.Rank(match: kind, score: (hit.score * 1000).rounded() / 1000))
        }
        return Result(query: query, atlas: atlas, regions: regions, suggestions: [])
    }

    private func prepared(_ atlas: String?) throws -> RegionSearch {
        let key = atlas ?? ""
        if let search = searches.withLock({ $0[key] }) { return search }
        let search = try RegionSearch(library: library, atlas: atlas)
        searches.withLock { $0[key] = search }
        return search
    }
}
