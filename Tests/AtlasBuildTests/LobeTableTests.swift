import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// The curated lobe table and the anchor rule.
@Suite struct LobeTableTests {
    @Test func repositoryTableCoversEveryRecipeRegion() throws {
        let table = try LobeTable.load(from: LobeTable.repositoryURL)
        let recipe = try Recipe.load(from: Recipe.repositoryURL)
        #expect(table.vocabulary == ["frontal", "parietal", "temporal", "occipital", "limbic", "insula",
                                     "subcortical", "cerebellum", "brainstem", "ventricle", "white matter"])
        var checked = 0
        for atlas in recipe.atlases where !table.spans(atlas.name) {
            for r in atlas.regions {
                let lobe = try table.lobe(atlas: atlas.name, sourceLabel: r.sourceLabel)
                #expect(table.vocabulary.contains(lobe))
                checked += 1
            }
        }
        #expect(checked == 309 + 82 + 6 + 20)
        #expect(table.spans("networks") && table.spans("parcels"))
    }

    @Test func unknownLobeAndMissingRegionAreNamed() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lobes-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"vocabulary":["frontal"],"spanning":{"atlases":[],"minShare":0.1},"lobes":{"gyri":{"precentral":"motor"}}}"#.utf8).write(to: url)
        #expect { try LobeTable.load(from: url) } throws: { "\($0)".contains("lobes.gyri.precentral") && "\($0)".contains("motor") }
        let table = try LobeTable.load(from: LobeTable.repositoryURL)
        #expect { try table.lobe(atlas: "gyri", sourceLabel: "nosuchgyrus") } throws: { "\($0)".contains("lobes.gyri.nosuchgyrus") }
    }

    @Test func spannedLobesKeepSharesAboveTheThresholdLargestFirst() {
        let names = ["frontal", "parietal", "temporal"]
        #expect(CatalogAssembly.spannedLobes([5, 80, 15], names: names, minShare: 0.1) == ["parietal", "temporal"])
        #expect(CatalogAssembly.spannedLobes([0, 0, 0], names: names, minShare: 0.1) == [])
        #expect(CatalogAssembly.majority([1, 3, 0], names: names)! == ("parietal", 0.75))
    }

    /// Two blobs of one label: the anchor lies in the larger; a C-shaped region's centroid is
    /// outside it, its anchor inside.
    @Test func anchorIsInsideTheLargestComponent() {
        var indices: [Int32] = [], labels: [UInt16] = []
        func add(_ x: Int, _ y: Int, _ z: Int, _ l: UInt16) { indices.append(Int32(CanonicalFrame.index(x, y, z))); labels.append(l) }
        for x in 10 ..< 13 { for y in 10 ..< 13 { for z in 10 ..< 13 { add(x, y, z, 1) } } }   // 27 voxels
        for x in 50 ..< 60 { for y in 50 ..< 60 { for z in 50 ..< 60 { add(x, y, z, 1) } } }   // 1000 voxels
        for x in 100 ..< 120 { for y in 100 ..< 120 where x < 103 || y < 103 || y >= 117 { add(x, y, 100, 2) } }  // C shape
        let order = indices.indices.sorted { indices[$0] < indices[$1] }
        let volume = AtlasVolume(indices: order.map { indices[$0] }, labels: order.map { labels[$0] })
        let anchors = Anchors.compute(volume, regionCount: 3)
        #expect(anchors[3] == nil)
        let a1 = anchors[1]!, a2 = anchors[2]!
        let members1 = Set(volume.indices.indices.filter { volume.labels[$0] == 1 }.map { CanonicalFrame.mni(Int(volume.indices[$0])) })
        let members2 = Set(volume.indices.indices.filter { volume.labels[$0] == 2 }.map { CanonicalFrame.mni(Int(volume.indices[$0])) })
        #expect(members1.contains(a1) && members2.contains(a2))
        let d = a1 - CanonicalFrame.mni(CanonicalFrame.index(55, 55, 55))
        #expect((d * d).sum() <= 3, "anchor \(a1) is not beside the big cube's centre")
        let stats = volume.statistics(regionCount: 2)
        #expect(!members2.contains(stats[2].centroid!.rounded(.toNearestOrAwayFromZero)))
    }
}
