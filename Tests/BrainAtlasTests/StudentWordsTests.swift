import Foundation
import Testing
@testable import BrainAtlas

/// What students type: functions, abbreviations and the traps where a loose match used to jump to
/// an unrelated area, on the bundled concept table.
@Suite(.enabled(if: (try? Fixture.realLibrary()) != nil, "AtlasData has not been built yet"))
struct StudentWordsTests {
    static func library() throws -> AtlasLibrary { try #require(try Fixture.realLibrary()) }

    /// Query → the concept it must name and the region `info` answers with (atlas, sourceLabel).
    static let expected: [(query: String, concept: String, atlas: String, label: String)] = [
        ("hearing", "hearing", "functional", "primary-auditory"),
        ("vision", "vision", "functional", "primary-visual"),
        ("memory", "memory", "subcortical", "hippocampus"),
        ("reward", "reward", "subcortical", "accumbensarea"),
        ("smell", "smell", "subcortical", "amygdala"),
        ("taste", "taste", "gyri", "insula"),
        ("balance", "balance", "subcortical", "cerebellum"),
        ("fear", "fear", "subcortical", "amygdala"),
        ("speech production", "speech-production", "functional", "broca"),
        ("speech comprehension", "speech-comprehension", "functional", "wernicke"),
        ("face recognition", "fusiform-face-area", "gyri", "fusiform"),
        ("spatial attention", "spatial-attention", "networks", "7Networks_3"),
        ("decision making", "decision-making", "gyri", "medialorbitofrontal"),
        ("TPJ", "temporoparietal-junction", "gyri", "supramarginal"),
        ("DLPFC", "dorsolateral-prefrontal", "functional", "dorsolateral-prefrontal"),
        ("vmPFC", "ventromedial-prefrontal", "gyri", "medialorbitofrontal"),
        ("OFC", "orbitofrontal", "gyri", "lateralorbitofrontal"),
        ("ACC", "anterior-cingulate", "gyri", "rostralanteriorcingulate"),
        ("PCC", "posterior-cingulate", "gyri", "posteriorcingulate"),
        ("SMA", "supplementary-motor", "functional", "supplementary-motor"),
        ("pre-SMA", "pre-supplementary-motor", "functional", "pre-supplementary-motor"),
        ("preSMA", "pre-supplementary-motor", "functional", "pre-supplementary-motor"),
        ("pre SMA", "pre-supplementary-motor", "functional", "pre-supplementary-motor"),
        ("IPS", "intraparietal-sulcus", "sulci", "S_intrapariet_and_P_trans"),
        ("STS", "superior-temporal-sulcus", "sulci", "S_temporal_sup"),
        ("FFA", "fusiform-face-area", "gyri", "fusiform"),
        ("PPA", "parahippocampal-place-area", "gyri", "parahippocampal"),
        ("EBA", "extrastriate-body-area", "gyri", "lateraloccipital"),
        ("A1", "primary-auditory", "gyri", "transversetemporal"),
        ("M1", "primary-motor", "functional", "primary-motor"),
        ("S1", "primary-somatosensory", "functional", "primary-somatosensory"),
        ("V1", "primary-visual", "brodmann-histology", "V1_exvivo"),
        ("V2", "secondary-visual", "brodmann-histology", "V2_exvivo"),
        ("V3", "visual-area-v3", "brodmann", "Brodmann.19"),
        ("V4", "visual-area-v4", "brodmann", "Brodmann.19"),
        ("V5", "mt", "brodmann-histology", "MT_exvivo"),
        ("motor area", "motor-areas", "functional", "primary-motor"),
    ]

    @Test func functionsAndAbbreviationsNameTheirRegions() throws {
        let library = try Self.library()
        for e in Self.expected {
            let info = try RegionInfo.lookUp(e.query, in: library)
            #expect(info.concept?.key == e.concept, "\(e.query) → concept \(info.concept?.key ?? "none")")
            let r = info.region.region
            #expect(r.atlas == e.atlas && r.sourceLabel == e.label, "\(e.query) → \(r.atlas) \(r.sourceLabel)")
        }
    }

    /// Terms that are several areas at once say so in their note rather than pretending to be one.
    @Test func networksSayTheyAreSeveralAreas() throws {
        let table = try #require(try Self.library().conceptTable())
        for key in ["vision", "memory", "reward", "balance", "speech-production", "speech-comprehension", "spatial-attention",
                    "decision-making", "motor-areas"] {
            let c = try #require(table.concepts.first { $0.key == key }, "\(key)")
            #expect(c.note.contains("not one area") || c.note.contains("Not one area"), "\(key): \(c.note)")
            #expect(c.regions.values.map(\.count).reduce(0, +) >= 3, "\(key) lists too few regions")
        }
        // V3 and V4 are drawn by no atlas: the note says so.
        for key in ["visual-area-v3", "visual-area-v4"] {
            #expect(table.concepts.first { $0.key == key }?.note.contains("no bundled atlas draws it") == true)
        }
    }

    @Test func theTrapsAreClosed() throws {
        let library = try Self.library()
        // The hyphen does not turn pre-SMA into SMA proper.
        #expect(try RegionInfo.lookUp("pre-SMA", in: library).region.region.sourceLabel == "pre-supplementary-motor")
        // Reward is a circuit, never the superior parietal BA5.
        let reward = try RegionInfo.lookUp("reward", in: library)
        #expect(reward.region.region.sourceLabel != "Brodmann.5" && !reward.alternatives.contains { $0.sourceLabel == "Brodmann.5" })
        #expect(!(try RegionSearch(library: library).suggestions(for: "rewrd")).contains { $0.sourceLabel == "Brodmann.5" })
        // "Motor area" is the motor areas, not the superior frontal gyrus.
        #expect(try RegionInfo.lookUp("motor area", in: library).region.region.sourceLabel != "superiorfrontal")
        // TPJ is not the temporal pole.
        let tpj = try RegionInfo.lookUp("TPJ", in: library)
        #expect(tpj.region.region.sourceLabel != "temporalpole" && !tpj.alternatives.contains { $0.sourceLabel == "temporalpole" })
    }

    @Test func suggestionsShareAWordWithTheQuery() throws {
        let search = try RegionSearch(library: try Self.library())
        // Slips of a real word still find it.
        #expect(search.suggestions(for: "hering").contains { $0.sourceLabel == "primary-auditory" })
        #expect(search.suggestions(for: "memmory").contains { $0.sourceLabel == "hippocampus" })
        #expect(search.suggestions(for: "vison").contains { $0.sourceLabel == "primary-visual" })
        #expect(search.suggestions(for: "smel").contains { $0.sourceLabel == "amygdala" })
        // Words that only look alike do not: "hering" is not "seeing", "decision" not "vision", "love" not "lobe".
        #expect(!search.suggestions(for: "hering").contains { $0.sourceLabel == "primary-visual" })
        #expect(!search.suggestions(for: "decision").contains { $0.sourceLabel == "primary-visual" })
        #expect(search.suggestions(for: "love").isEmpty, "\(search.suggestions(for: "love").map(\.displayName))")
        #expect(search.suggestions(for: "music").isEmpty, "\(search.suggestions(for: "music").map(\.displayName))")
        #expect(search.suggestions(for: "hand").isEmpty, "\(search.suggestions(for: "hand").map(\.displayName))")
        func key(_ s: String) -> TextMatching.Key { TextMatching.Key(normalized: TextMatching.normalize(s)) }
        #expect(RegionSearch.sharesWord(key("precentrl gyrs"), key("precentral gyrus")))
        #expect(RegionSearch.sharesWord(key("emotion"), key("emotional brain")))
        #expect(!RegionSearch.sharesWord(key("decision"), key("vision")))
        #expect(!RegionSearch.sharesWord(key("love"), key("frontal lobe")))
    }
}
