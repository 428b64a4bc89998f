import Foundation
import Testing
@testable import BrainAtlas

/// The curated lobes and the anchors of the bundled AtlasData (needs a build that wrote them).
@Suite(.enabled(if: (try? Fixture.realLibrary()) != nil, "AtlasData has not been built yet"))
struct CuratedContentTests {
    static let vocabulary: Set = ["frontal", "parietal", "temporal", "occipital", "limbic", "insula",
                                  "subcortical", "cerebellum", "brainstem", "ventricle", "white matter"]
    static let spanning: Set = ["networks", "parcels"]

    @Test func everyRegionHasALobeFromTheVocabularyAndHomologuesAgree() throws {
        let library = try #require(try Fixture.realLibrary())
        var bad: [String] = []
        for atlas in library.atlases {
            var bySourceLabel: [String: [String]] = [:]
            for r in atlas.regions {
                if Self.spanning.contains(atlas.name) {
                    if r.lobe != nil || r.lobes.isEmpty { bad.append("\(atlas.name) \(r.displayName): lobe \(String(describing: r.lobe)), lobes \(r.lobes)") }
                } else if r.lobe == nil {
                    bad.append("\(atlas.name) \(r.displayName): no lobe")
                }
                for l in r.lobes where !Self.vocabulary.contains(l) { bad.append("\(atlas.name) \(r.displayName): \(l)") }
                if let other = bySourceLabel[r.sourceLabel], other != r.lobes {
                    bad.append("\(atlas.name) \(r.sourceLabel): sides disagree \(other) vs \(r.lobes)")
                }
                bySourceLabel[r.sourceLabel] = r.lobes
            }
        }
        #expect(bad.isEmpty, "\(bad.prefix(10))")
    }

    /// The review's findings stay fixed.
    @Test func reviewedLobesAreTextbookLobes() throws {
        let library = try #require(try Fixture.realLibrary())
        var all: [String: Set<String>] = [:]
        for atlas in library.atlases { for r in atlas.regions { all["\(atlas.name)|\(r.sourceLabel)", default: []].insert(r.lobe ?? "-") } }
        func lobes(_ atlas: String, _ label: String) -> Set<String> { all["\(atlas)|\(label)"] ?? [] }
        #expect(lobes("brodmann", "Brodmann.41") == ["temporal"])
        #expect(lobes("brodmann", "Brodmann.19") == ["occipital"])
        #expect(lobes("brodmann", "Brodmann.27") == ["limbic"])
        #expect(lobes("brodmann", "Brodmann.30") == ["limbic"])
        #expect(lobes("functional", "primary-auditory") == ["temporal"])
        #expect(lobes("brodmann-histology", "BA3a_exvivo") == ["parietal"])
        #expect(lobes("sulci", "S_oc_sup_and_transversal") == ["occipital"])
        #expect(lobes("sulci", "S_cingul-Marginalis").count == 1)
        #expect(lobes("subcortical", "cerebellum") == ["cerebellum"])
        #expect(lobes("subcortical", "4th-Ventricle") == ["ventricle"])
        let dmn = try library.atlas(named: "networks").regions.first { $0.sourceLabel == "7Networks_7" }
        #expect(dmn?.lobe == nil)
        let dmnLobes = Set(dmn?.lobes ?? [])
        #expect(dmnLobes.isSuperset(of: ["frontal", "parietal", "temporal"]))
    }

    /// `where` at every region's anchor names that region, in every atlas.
    @Test func whereAtEveryAnchorReturnsItsRegion() throws {
        let library = try #require(try Fixture.realLibrary())
        let lookup = Lookup(library: library)
        var checked = 0, wrong: [String] = []
        for atlas in library.atlases {
            for (r, e) in zip(atlas.regions, atlas.entries) {
                guard let a = e.anchorMni, a.count == 3 else { wrong.append("\(atlas.name) \(r.displayName): no anchor"); continue }
                let hit = try lookup.lookup(SIMD3(a[0], a[1], a[2]), space: .mni)
                let found = hit.atlases.first { $0.name == atlas.name }?.region
                if found?.id != r.id { wrong.append("\(atlas.name) \(r.displayName) at \(a): \(found?.displayName ?? "nothing")") }
                checked += 1
            }
        }
        #expect(checked == 723 + 82 + 6 + 20)
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    /// The default mode network's centroid lies outside it; its anchor does not.
    @Test func networkAnchorIsInsideWhereTheCentroidIsNot() throws {
        let library = try #require(try Fixture.realLibrary())
        let networks = try library.atlas(named: "networks")
        let dmn = try #require(networks.entries.first { $0.sourceLabel == "7Networks_7" && $0.hemisphere == .left })
        let c = try #require(dmn.centroidMni), a = try #require(dmn.anchorMni)
        let lookup = Lookup(library: library)
        #expect(try lookup.lookup(SIMD3(c[0], c[1], c[2]), space: .mni).atlases.first { $0.name == "networks" }?.region == nil)
        #expect(try lookup.lookup(SIMD3(a[0], a[1], a[2]), space: .mni).atlases.first { $0.name == "networks" }?.region?.id == dmn.id)
    }
}
