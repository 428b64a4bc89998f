import BrainAtlas
import Foundation
import Synchronization

/// `/api/search`: regions ranked by `info`'s matching (BrainAtlas `RegionSearch`), for
/// search-as-you-type. One prepared `RegionSearch` per atlas (and one over all atlases) is
/// kept, since preparing its keys costs more than a query.
final class RegionSearchIndex: Sendable {
    /// One ranked answer: the best region first, then its homologue, then the next best.
    struct Result: Encodable, Sendable {
        struct Rank: Encodable, Sendable {
            /// "best", "homologue" (the best region's other side) or "alternative".
            let match: String
        }

        let query: String
        let atlas: String?
        let regions: [RegionWith<Rank>]
        /// Nearest names when nothing matches well enough (as `info`'s "did you mean").
        let suggestions: [String]
    }

    static let defaultLimit = 20
    static let maximumLimit = 200

    private let library: AtlasLibrary
    private let searches = Mutex<[String: RegionSearch]>([:])

    init(library: AtlasLibrary) { self.library = library }

    func search(_ query: String, atlas: String?, limit: Int) throws -> Result {
        let search = try prepared(atlas)
        let match: RegionSearch.Match
        do {
            match = try search.find(query)
        } catch AtlasError.noMatch(_, let suggestions) {
            return Result(query: query, atlas: atlas, regions: [], suggestions: suggestions)
        } catch AtlasError.badArgument {
            // Only a side ("left"): no region named yet, which is not an error while typing.
            return Result(query: query, atlas: atlas, regions: [], suggestions: [])
        }
        // RegionSearch exposes the best match and up to five runners-up (its `alternatives`,
        // the other side first); that is the ranked list until it offers a longer one.
        var seen = Set<Region>()
        var ranked: [RegionWith<Result.Rank>] = []
        let homologues = Set(match.homologues)
        for (i, region) in ([match.region] + match.alternatives).enumerated() where seen.insert(region).inserted {
            let kind = i == 0 ? "best" : homologues.contains(region) ? "homologue" : "alternative"
            ranked.append(RegionWith(region, Result.Rank(match: kind)))
        }
        return Result(query: query, atlas: atlas, regions: Array(ranked.prefix(limit)), suggestions: [])
    }

    private func prepared(_ atlas: String?) throws -> RegionSearch {
        let key = atlas ?? ""
        if let search = searches.withLock({ $0[key] }) { return search }
        let search = try RegionSearch(library: library, atlas: atlas)
        searches.withLock { $0[key] = search }
        return search
    }
}
