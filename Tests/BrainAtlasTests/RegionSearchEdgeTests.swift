import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

/// Search edge cases from the audit: one-sided names, generic words, ids with a side,
/// ranked suggestions and the JSON failure answer.
@Suite struct RegionSearchEdgeTests {
    /// The fixture with the right precentral gyrus renamed, as the Broca homologue is in the
    /// real functional atlas.
    func libraryWithOneSidedName() throws -> AtlasLibrary {
        var catalog = try Fixture.library().catalog
        #expect(catalog.atlases[0].regions[2].hemisphere == .right)
        catalog.atlases[0].regions[2].name = "Precentral homologue"
        return AtlasLibrary(catalog: catalog, root: Fixture.atlasData, cacheDirectory: nil)
    }

    @Test func aNameOnlyOneSideCarriesSelectsThatSide() throws {
        let search = try RegionSearch(library: libraryWithOneSidedName())
        let right = try search.find("Precentral homologue")
        #expect(right.region.id == 3 && right.region.hemisphere == .right)
        #expect(right.side == nil && right.impliedSide == .right)
        #expect(right.alternatives.first?.id == 1)
        // Close spellings still mean the one-sided name.
        #expect(try search.find("precentral homolog").region.id == 3)
        // A named side wins over the implied one; shared names and synonyms keep the left default.
        #expect(try search.find("left Precentral homologue").region.id == 1)
        #expect(try search.find("Precentral gyrus").region.id == 1)
        #expect(try search.find("precentral").region.id == 1)
        #expect(try search.find("M1").region.id == 1)
        // --highlight takes only the named region.
        let gyri = try RegionSearch(library: libraryWithOneSidedName(), atlas: "gyri")
        #expect(try gyri.highlight("Precentral homologue").map(\.id) == [3])
        #expect(try gyri.highlight("precentral").map(\.id) == [1, 3])
    }

    @Test(arguments: ["gyrus", "gyri", "sulcus", "cortex", "area", "lobe", "the gyrus", "Left-Cerebral-Cortex",
                      "right cerebral cortex", "superior", "posterior part of the gyrus", "nucleus"])
    func genericWordsAloneMatchNothing(query: String) throws {
        do {
            let m = try RegionSearch(library: Fixture.library()).find(query)
            Issue.record("'\(query)' matched \(m.region.displayName) (\(m.score))")
        } catch AtlasError.noMatch(let q, let suggestions) {
            #expect(q == query)
            #expect(suggestions.count <= 5, "\(suggestions)")
        }
    }

    @Test func genericWordsStillHelpNamesThatHaveOtherWords() throws {
        let search = try RegionSearch(library: Fixture.library())
        #expect(try search.find("superior temporal").region.sourceLabel == "superiortemporal")
        #expect(try search.find("temporal gyrus").region.sourceLabel == "superiortemporal")
        #expect(try search.find("precentral cortex").region.sourceLabel == "precentral")
        #expect(try search.find("thalamus nucleus").region.sourceLabel == "thalamusproper")
        #expect(try search.find("precentarl gyrus").region.sourceLabel == "precentral")
    }

    @Test func suggestionsForGenericWordsAreRegionsCarryingThem() throws {
        let search = try RegionSearch(library: Fixture.library())
        let gyri = search.suggestions(for: "gyrus")
        #expect(gyri.count >= 2 && gyri.prefix(2).allSatisfy { $0.name.hasSuffix("gyrus") }, "\(gyri.map(\.name))")
    }

    @Test func suggestionsAreRankedBySimilarityNotCatalogOrder() throws {
        let search = try RegionSearch(library: Fixture.library(), atlas: "subcortical")
        // The thalamus comes first in the catalog; the ventricle is what the typo is near.
        #expect(search.suggestions(for: "ventrikle").first?.sourceLabel == "3rd-Ventricle")
        #expect(search.suggestions(for: "thalamos").first?.sourceLabel == "thalamusproper")
        #expect(search.suggestions(for: "right thalamos").first?.hemisphere == .right)
        let all = try RegionSearch(library: Fixture.library())
        #expect(all.suggestions(for: "superior temporale lobe xyz").first?.sourceLabel == "superiortemporal")
        do {
            _ = try search.find("vintricle zzz")
            Issue.record("matched nonsense")
        } catch AtlasError.noMatch(_, let suggestions) {
            #expect(suggestions.first == "Third ventricle")
        }
        // Nothing alike: no suggestions rather than the first regions of the catalog.
        #expect(all.suggestions(for: "zzzz").isEmpty)
    }

    @Test func anIdWithASidePicksTheHomologueOnThatSide() throws {
        let gyri = try RegionSearch(library: Fixture.library(), atlas: "gyri")
        #expect(try gyri.find("1").region.id == 1)
        #expect(try gyri.find("right 1").region.id == 3)
        #expect(try gyri.find("1 rh").region.id == 3)
        #expect(try gyri.find("left 3").region.id == 1)
        #expect(try gyri.find("right 3").region.id == 3)
        let m = try gyri.find("right 2")
        #expect(m.region.id == 4 && m.side == .right && m.alternatives.map(\.id) == [2])
        #expect(try gyri.highlight("right 1").map(\.id) == [3])
        // Midline regions ignore the side, as they do for names.
        let sub = try RegionSearch(library: Fixture.library(), atlas: "subcortical")
        #expect(try sub.find("left 3").region.hemisphere == .none)
        // No counterpart on the named side: a clear error, not the wrong side.
        let parcels = try RegionSearch(library: Fixture.library(), atlas: "parcels")
        #expect(try parcels.find("left 1").region.id == 1)
        do {
            _ = try parcels.find("right 1")
            Issue.record("right 1 found the left parcel")
        } catch AtlasError.badArgument(let what, let problem) {
            #expect(what == "query 'right 1'")
            #expect(problem.contains("no right counterpart"), "\(problem)")
        }
    }

    @Test func failedLookupsGiveAJSONErrorWithSuggestedRegions() throws {
        let library = try Fixture.library()
        do {
            _ = try RegionInfo.lookUp("thalamos xyzzy", in: library)
            Issue.record("matched nonsense")
        } catch {
            let failure = RegionInfo.failure(error, query: "thalamos xyzzy", in: library)
            let object = try Fixture.jsonObject(try BrainJSON.encode(failure))
            #expect((object["error"] as? String)?.hasPrefix("no region matches 'thalamos xyzzy'") == true)
            let suggestions = try #require(object["suggestions"] as? [[String: Any]])
            #expect((1...5).contains(suggestions.count))
            #expect(suggestions.first?["sourceLabel"] as? String == "thalamusproper")
            #expect(suggestions.first?["atlas"] as? String == "subcortical")
            let keys = Set(suggestions.first.map { Array($0.keys) } ?? [])
            #expect(keys.isSuperset(of: ["id", "name", "hemisphere", "color", "lobe"]))
        }
        let other = RegionInfo.failure(AtlasError.unknownAtlas("nope", known: ["gyri"]), query: "x", in: library)
        #expect(other.suggestions.isEmpty && other.error.hasPrefix("unknown atlas 'nope'"))
        #expect(RegionInfo.failure(AtlasError.noMatch(query: "x", suggestions: []), query: "x", in: nil).suggestions.isEmpty)
    }
}
