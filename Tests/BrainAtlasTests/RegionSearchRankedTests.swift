import Foundation
import Testing
@testable import BrainAtlas

/// `RegionSearch.ranked`: every region `info`'s matching accepts, best first, led by `find`'s answer.
@Suite struct RegionSearchRankedTests {
    /// Queries covering names, synonyms, misspellings, sides, implied sides, ids and atlas ties.
    static let queries: [(String, String?)] = [
        ("frontal", "gyri"), ("frontal", nil), ("precentral", nil), ("M1", "gyri"), ("precentarl", nil),
        ("right precentral", "gyri"), ("lh superior temporal", "gyri"), ("cingulate", nil), ("temporal", nil),
        ("Broca", nil), ("Broca's area homologue", nil), ("left Broca's area homologue", "functional"),
        ("hippocampus", "subcortical"), ("right hipocampus", nil), ("thalamus nucleus", nil), ("BA44/45", nil),
        ("central sulcus", nil), ("DMN", nil), ("visual", "parcels"), ("right default", "parcels"),
        ("precentral cortex", "gyri"), ("frontal lob", nil), ("23", "gyri"), ("right 23", "gyri"), ("superior", "gyri"),
    ]

    @Test func theFirstRankedRegionIsInfosAnswer() throws {
        let library = try #require(try Fixture.realLibrary())
        var searches: [String: RegionSearch] = [:]
        for (query, atlas) in Self.queries {
            let search = try searches[atlas ?? ""] ?? RegionSearch(library: library, atlas: atlas)
            searches[atlas ?? ""] = search
            let ranked = search.ranked(query)
            let found = try? search.find(query)
            #expect(ranked.first?.region == found?.region, "\(query) [\(atlas ?? "all")]")
            #expect(ranked.first?.region == (try? RegionInfo.lookUp(query, atlas: atlas, in: library))?.region.region)
            if let found { #expect(ranked.first?.score == found.score, "\(query)") }
            // Best first, no region twice, and the limit is a prefix of the full list.
            #expect(zip(ranked, ranked.dropFirst()).allSatisfy { $0.score >= $1.score }, "\(query)")
            #expect(Set(ranked.map(\.region)).count == ranked.count, "\(query)")
            #expect(ranked.allSatisfy { $0.score >= RegionSearch.threshold })
            #expect(search.ranked(query, limit: 3) == Array(ranked.prefix(3)), "\(query)")
        }
    }

    @Test func frontalListsEveryFrontalGyrusOnBothSidesFirst() throws {
        let library = try #require(try Fixture.realLibrary())
        let gyri = try library.atlas(named: "gyri")
        let ranked = try RegionSearch(library: library, atlas: "gyri").ranked("frontal").map(\.region)
        let frontal = gyri.regions.filter { TextMatching.tokens(TextMatching.normalize($0.name)).contains("frontal") }
        #expect(frontal.count >= 8 && Set(frontal.map(\.hemisphere)) == [.left, .right])
        #expect(Set(frontal).isSubset(of: Set(ranked)), "\(ranked.map(\.displayName))")
        // Nothing unrelated comes before the last of them: whatever precedes it says "frontal"
        // in its name, sourceLabel or a synonym (the pars of the inferior frontal gyrus).
        let texts = try gyri.texts()
        let last = frontal.map { ranked.firstIndex(of: $0)! }.max()!
        for region in ranked[...last] {
            let words = ([region.name, region.sourceLabel] + (texts?.entry(for: region.sourceLabel)?.synonyms ?? []))
                .map(TextMatching.normalize).joined(separator: " ")
            #expect(words.contains("frontal"), "\(region.displayName) ranks among the frontal gyri")
        }
        // Homologues follow each other, left first when no side is named.
        #expect(ranked.first?.hemisphere == .left && ranked.dropFirst().first?.sourceLabel == ranked.first?.sourceLabel)
        #expect(try RegionSearch(library: library, atlas: "gyri").ranked("frontal", limit: 5).count == 5)
    }

    @Test func aNamedSideListsThatSideOnly() throws {
        let library = try #require(try Fixture.realLibrary())
        let ranked = try RegionSearch(library: library, atlas: "gyri").ranked("right frontal")
        #expect(ranked.count >= 4 && ranked.allSatisfy { $0.region.hemisphere == .right }, "\(ranked.map(\.region.displayName))")
        let implied = try RegionSearch(library: library, atlas: "functional").ranked("Broca's area homologue")
        #expect(implied.first?.region.hemisphere == .right && implied.dropFirst().first?.region.hemisphere == .left)
    }

    @Test(arguments: ["gyrus", "cortex", "area", "lobe", "left", "superior", "part of the gyrus", "zzzz", ""])
    func genericWordsSidesAndNonsenseRankNothing(query: String) throws {
        let library = try #require(try Fixture.realLibrary())
        #expect(try RegionSearch(library: library).ranked(query).isEmpty)
        #expect(try RegionSearch(library: library, atlas: "gyri").ranked(query).isEmpty)
    }

    @Test func fixtureIdsAndSides() throws {
        let gyri = try RegionSearch(library: Fixture.library(), atlas: "gyri")
        #expect(gyri.ranked("1").map(\.region.id) == [1, 3])
        #expect(gyri.ranked("right 1").map(\.region.id) == [3])
        #expect(gyri.ranked("precentral").map(\.region.id) == [1, 3])
        #expect(gyri.ranked("precentral rh").map(\.region.id) == [3])
        #expect(gyri.ranked("precentral", limit: 0).isEmpty)
        let all = try RegionSearch(library: Fixture.library())
        #expect(all.ranked("left third ventricle").map(\.region.hemisphere) == [Hemisphere.none])
        #expect(all.ranked("thalamus").first?.region == (try all.find("thalamus")).region)
    }
}
