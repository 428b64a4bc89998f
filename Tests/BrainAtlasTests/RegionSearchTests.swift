import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

@Suite struct RegionSearchTests {
    func find(_ q: String, atlas: String? = nil) throws -> RegionSearch.Match {
        try RegionSearch(library: Fixture.library(), atlas: atlas).find(q)
    }

    @Test func normalisationFoldsCaseAccentsAndPunctuation() {
        #expect(TextMatching.normalize("Broca's Área") == "brocas area")
        #expect(TextMatching.normalize("S_central") == "s central")
        #expect(TextMatching.normalize("Brodmann.4") == "brodmann 4")
        #expect(TextMatching.normalize("BA44") == "ba 44")
        #expect(TextMatching.distance("precentarl", "precentral") == 1)
    }

    @Test(arguments: [
        ("Precentral gyrus", "precentral"), ("precentral", "precentral"), ("M1", "precentral"),
        ("motor strip", "precentral"), ("PRÉCENTRAL GYRUS", "precentral"), ("precentarl", "precentral"),
        ("superior temporal", "superiortemporal"), ("STG", "superiortemporal"), ("superiortemporal", "superiortemporal"),
        ("thalamus", "thalamusproper"), ("thalamusproper", "thalamusproper"), ("third ventricle", "3rd-Ventricle"),
        ("3rd-Ventricle", "3rd-Ventricle"), ("V3", "3rd-Ventricle"), ("DMN", "7Networks_7"),
    ])
    func findsByNameSourceLabelSynonymAndMisspelling(query: String, sourceLabel: String) throws {
        let m = try find(query)
        #expect(m.region.sourceLabel == sourceLabel)
    }

    @Test func noSideGivesLeftWithRightAsFirstAlternative() throws {
        let m = try find("precentral gyrus")
        #expect(m.region.hemisphere == .left && m.side == nil)
        #expect(m.alternatives.first?.hemisphere == .right && m.alternatives.first?.sourceLabel == "precentral")
        #expect(m.homologues.count == 2)
    }

    @Test(arguments: [("right precentral", Hemisphere.right), ("precentral rh", .right), ("lh precentral", .left),
                      ("Left-Thalamus", .left), ("thalamus right", .right), ("precentral R", .right)])
    func sidesInTheQuery(query: String, side: Hemisphere) throws {
        let m = try find(query)
        #expect(m.region.hemisphere == side && m.side == side)
    }

    @Test func midlineRegionsIgnoreTheSide() throws {
        #expect(try find("left third ventricle").region.hemisphere == .none)
    }

    @Test func atlasFilterAndIds() throws {
        #expect(try find("3", atlas: "gyri").region == Fixture.library().atlases[0].regions[2])
        #expect(throws: AtlasError.self) { try find("thalamus", atlas: "gyri") }
        #expect(throws: AtlasError.unknownAtlas("nope", known: ["gyri", "subcortical", "networks", "parcels"])) {
            try find("thalamus", atlas: "nope")
        }
    }

    @Test func noGoodMatchGivesSuggestions() throws {
        do {
            _ = try find("precentral bananas quux")
            Issue.record("matched nonsense")
        } catch AtlasError.noMatch(let query, let suggestions) {
            #expect(query == "precentral bananas quux")
            #expect(suggestions.first == "Precentral gyrus (left)")
        }
        #expect(throws: AtlasError.self) { try find("zzzzzz") }
        #expect(throws: AtlasError.self) { try find("left") }
    }

    @Test func highlightTakesBothHomologuesUnlessASideIsNamed() throws {
        let search = try RegionSearch(library: Fixture.library(), atlas: "gyri")
        #expect(try search.highlight("precentral").map(\.id) == [1, 3])
        #expect(try search.highlight("right precentral").map(\.id) == [3])
        #expect(try search.highlight("4").map(\.id) == [4])
    }

    @Test func tiesGoByAtlasOrder() throws {
        // "thalamus" is the subcortical name and nothing else: a sanity check of the ranking,
        // then a made-up tie: the same synonym in two atlases prefers gyri over subcortical.
        let library = try Fixture.library()
        var catalog = library.catalog
        catalog.atlases[1].regions[0].name = "Precentral gyrus"
        let tied = AtlasLibrary(catalog: catalog, root: Fixture.atlasData, cacheDirectory: nil)
        let m = try RegionSearch(library: tied).find("precentral gyrus")
        #expect(m.region.atlas == "gyri")
        #expect(m.alternatives.contains { $0.atlas == "subcortical" })
    }

    @Test func infoCarriesTextSynonymsVolumeAndCentroid() throws {
        let info = try RegionInfo.lookUp("precentarl", in: Fixture.library())
        let object = try Fixture.jsonObject(try BrainJSON.encode(info))
        let region = try #require(object["region"] as? [String: Any])
        #expect(region["sourceLabel"] as? String == "precentral" && region["hemisphere"] as? String == "left")
        #expect(region["text"] as? String == "Fixture text for the precentral gyrus.")
        #expect(region["synonyms"] as? [String] == ["M1", "motor strip", "precentral gyrus"])
        #expect(region["volumeMl"] as? Double == 1.9)
        #expect(region["centroidMni"] as? [Double] == [-5.5, 0.5, 7.5])
        let alternatives = try #require(object["alternatives"] as? [[String: Any]])
        #expect(alternatives.first?["hemisphere"] as? String == "right")
        #expect(info.readableText().contains("Precentral gyrus (left)"))
    }

    @Test func parcelsFallBackToTheirNetworkText() throws {
        let info = try RegionInfo.lookUp("Default parcel 1", atlas: "parcels", in: Fixture.library())
        #expect(info.region.extra.text == "Fixture text for the default network.")
        #expect(RegionTexts.networkLabel(forParcel: "7Networks_RH_SalVentAttn_Med_2") == "7Networks_4")
        #expect(RegionTexts.networkLabel(forParcel: "precentral") == nil)
    }
}
