import Foundation
import Testing
@testable import BrainAtlas

/// The curated concept table (`texts/concepts.json`) against the bundled catalog, and what the
/// search does with it.
@Suite(.enabled(if: (try? Fixture.realLibrary()) != nil, "AtlasData has not been built yet"))
struct ConceptTests {
    static func library() throws -> AtlasLibrary { try #require(try Fixture.realLibrary()) }

    @Test func everyConceptNamesRealRegionsAndTermsAreUnique() throws {
        let library = try Self.library()
        let table = try #require(try library.conceptTable())
        #expect(table.concepts.count >= 20)
        var seen: [String: String] = [:]
        for c in table.concepts {
            #expect(c.regions[c.best] != nil, "\(c.key): best atlas \(c.best) lists no region")
            #expect(!c.source.isEmpty && !c.note.isEmpty)
            for (atlas, labels) in c.regions {
                let known = Set(try library.atlas(named: atlas).regions.map(\.sourceLabel))
                for l in labels { #expect(known.contains(l), "\(c.key): \(atlas) has no \(l)") }
            }
            for term in [c.name] + c.terms {
                let n = TextMatching.normalize(term)
                #expect(seen[n] == nil || seen[n] == c.key, "\(term) is in \(seen[n] ?? "") and \(c.key)")
                seen[n] = c.key
            }
        }
        for key in ["broca", "wernicke", "primary-motor", "primary-somatosensory", "primary-visual", "primary-auditory",
                    "frontal-eye-field", "supplementary-motor", "dorsolateral-prefrontal", "hippocampal-formation", "basal-ganglia"] {
            #expect(table.concepts.contains { $0.key == key }, "\(key) missing")
        }
    }

    @Test func infoAnswersTheBestAtlasWithEquivalents() throws {
        let library = try Self.library()
        let broca = try RegionInfo.lookUp("Broca", in: library)
        #expect(broca.region.region.atlas == "functional" && broca.region.region.sourceLabel == "broca")
        #expect(broca.region.region.hemisphere == .left)
        let gyri = Set((broca.concept?.regions["gyri"] ?? []).map(\.sourceLabel))
        #expect(gyri == ["parsopercularis", "parstriangularis"])
        #expect(Set((broca.concept?.regions["brodmann"] ?? []).map(\.sourceLabel)) == ["Brodmann.44", "Brodmann.45"])
        #expect(try RegionInfo.lookUp("right Broca", in: library).region.region.hemisphere == .right)
        for (query, atlas, label) in [("Wernicke", "functional", "wernicke"), ("motor cortex", "functional", "primary-motor"),
                                      ("M1", "functional", "primary-motor"), ("S1", "functional", "primary-somatosensory"),
                                      ("A1", "gyri", "transversetemporal"), ("FEF", "functional", "frontal-eye-field"),
                                      ("SMA", "functional", "supplementary-motor"), ("DLPFC", "functional", "dorsolateral-prefrontal"),
                                      ("hippocampal formation", "subcortical", "hippocampus"), ("basal ganglia", "subcortical", "caudate"),
                                      ("V1", "brodmann-histology", "V1_exvivo")] {
            let r = try RegionInfo.lookUp(query, in: library).region.region
            #expect(r.atlas == atlas && r.sourceLabel == label, "\(query) → \(r.atlas) \(r.sourceLabel)")
        }
        // Within one atlas a concept answers with that atlas's region.
        #expect(try RegionInfo.lookUp("Broca", atlas: "gyri", in: library).region.region.sourceLabel == "parsopercularis")
    }

    @Test func highlightTakesEveryRegionOfAConcept() throws {
        let library = try Self.library()
        let gyri = try RegionSearch(library: library, atlas: "gyri")
        let broca = try gyri.highlight("Broca")
        #expect(Set(broca.map(\.sourceLabel)) == ["parsopercularis", "parstriangularis"] && broca.allSatisfy { $0.hemisphere == .left })
        let right = try RegionSearch(library: library, atlas: "gyri", side: .right).highlight("Broca")
        #expect(right.count == 2 && right.allSatisfy { $0.hemisphere == .right })
        let m1 = try gyri.highlight("motor cortex")
        #expect(Set(m1.map(\.sourceLabel)) == ["precentral"] && m1.count == 2)
        let bg = try RegionSearch(library: library, atlas: "subcortical").highlight("basal ganglia")
        #expect(bg.count == 8)
    }

    @Test func searchPutsPrimaryVisualFirstAndBA17ListsV1() throws {
        let library = try Self.library()
        let search = try RegionSearch(library: library)
        let hits = search.ranked("V1", limit: 10).map(\.region)
        #expect(hits.first == (try search.find("V1")).region)
        #expect(Set(hits.prefix(4).map(\.sourceLabel)).isSubset(of: ["V1_exvivo", "primary-visual", "Brodmann.17", "pericalcarine", "S_calcarine"]))
        #expect(hits.prefix(2).allSatisfy { $0.sourceLabel == "V1_exvivo" })
        let ba17 = try search.find("BA 17")
        #expect(ba17.region.sourceLabel == "Brodmann.17")
        #expect(ba17.alternatives.contains { $0.sourceLabel == "V1_exvivo" })
        #expect(!ba17.alternatives.contains { ["Brodmann.1", "Brodmann.7", "Brodmann.10", "Brodmann.11"].contains($0.sourceLabel) })
    }

    @Test func suggestionsArePlausibleAndOnTheShownSide() throws {
        let library = try Self.library()
        let right = try RegionSearch(library: library, atlas: "gyri", side: .right)
        let brocca = right.suggestions(for: "Brocca")
        #expect(Set(brocca.map(\.sourceLabel)) == ["parsopercularis", "parstriangularis"])
        #expect(brocca.allSatisfy { $0.hemisphere == .right })
        let gyri = try RegionSearch(library: library, atlas: "gyri")
        #expect(gyri.suggestions(for: "Wernike").allSatisfy { $0.lobe == "temporal" })
        #expect(gyri.suggestions(for: "amygdla").isEmpty)
        #expect(gyri.suggestions(for: "precentrl gyrs").first?.sourceLabel == "precentral")
    }
}
