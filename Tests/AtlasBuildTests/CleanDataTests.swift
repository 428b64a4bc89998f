import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// Clean data on screen: no one-voxel islands in any label volume, no holes in the atlases that
/// cover the cortex, the island and hole rules on small inputs, and the histology-label lists the
/// build derives from the recipe.
@Suite struct CleanDataTests {
    /// A 5³ block of label 1 with one voxel of label 2 inside it and one lone voxel of 3 far away.
    static func block() -> AtlasVolume {
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for z in 100 ..< 105 { for y in 100 ..< 105 { for x in 100 ..< 105 { dense[CanonicalFrame.index(x, y, z)] = 1 } } }
        dense[CanonicalFrame.index(102, 102, 102)] = 2
        dense[CanonicalFrame.index(20, 20, 20)] = 3
        return AtlasVolume(dense: dense)
    }

    @Test func anIslandJoinsTheRegionAroundItAndALoneVoxelStays() {
        let volume = Self.block()
        #expect(VoxelIslands.count(volume) == (islands: 2, absorbable: 1))
        let cleaned = VoxelIslands.absorbed(volume)
        let at = { (i: Int) in cleaned.labels[cleaned.indices.firstIndex(of: Int32(i))!] }
        #expect(at(CanonicalFrame.index(102, 102, 102)) == 1)
        #expect(at(CanonicalFrame.index(20, 20, 20)) == 3)
        #expect(VoxelIslands.count(cleaned) == (islands: 1, absorbable: 0))
    }

    @Test func holesAreFilledFromTheAreasAroundThemButNotOnTheExceptions() {
        // A strip of eight vertices: areas 1 and 2 at the ends, three holes between, the last on the insula.
        let triangles: [SIMD3<Int32>] = (0 ..< 6).map { SIMD3(Int32($0), Int32($0 + 1), Int32($0 + 2)) }
        let labels: [UInt16] = [1, 1, 0, 0, 0, 2, 2, 0]
        let dk: [String?] = ["precentral", "precentral", "precentral", "postcentral", "postcentral", "postcentral", "postcentral", "insula"]
        let cover = Recipe.SurfaceCover(exceptDk: ["insula"])
        #expect(SurfaceHoles.count(labels, dk: dk, cover: cover) == 3)
        let filled = SurfaceHoles.filled(labels, dk: dk, triangles: triangles, cover: cover)
        // Vertex 3 touches one vertex of each area in the first step: the tie goes to the lower id.
        #expect(filled == [1, 1, 1, 1, 2, 2, 2, 0])
        #expect(!SurfaceHoles.mustCover("unknown", cover: .init()) && !SurfaceHoles.mustCover(nil, cover: .init()))
    }

    /// Every label volume of the shipped atlases: no voxel stands alone among labelled neighbours.
    @Test func theShippedLabelVolumesHaveNoIslands() throws {
        let library = try AtlasLibrary.open(data: AtlasBuildFixture.atlasData.path)
        var checked = 0
        for atlas in library.atlases where atlas.hasLabelVolume {
            let labels = try atlas.labelVolume()
            let (o, d) = (labels.origin, labels.dims)
            var box = [UInt16](repeating: 0, count: d.x * d.y * d.z)
            for z in 0 ..< d.z { for y in 0 ..< d.y { for x in 0 ..< d.x {
                box[x + d.x * (y + d.y * z)] = UInt16(labels.label(x: o.x + x, y: o.y + y, z: o.z + z))
            } } }
            var islands = 0
            for z in 1 ..< max(1, d.z - 1) { for y in 1 ..< max(1, d.y - 1) { for x in 1 ..< max(1, d.x - 1) {
                let own = box[x + d.x * (y + d.y * z)]
                guard own != 0 else { continue }
                var same = false, labelled = false
                search: for dz in -1 ... 1 { for dy in -1 ... 1 { for dx in -1 ... 1 where dx != 0 || dy != 0 || dz != 0 {
                    let l = box[(x + dx) + d.x * ((y + dy) + d.y * (z + dz))]
                    if l == own { same = true; break search }
                    if l != 0 { labelled = true }
                } } }
                if !same && labelled { islands += 1 }
            } } }
            #expect(islands == 0, "\(atlas.name): \(islands) one-voxel islands")
            checked += 1
        }
        #expect(checked == 11)
    }

    /// Every atlas the recipe says covers the cortex carries a region on every cortex vertex
    /// (one the Desikan-Killiany atlas labels) outside its stated exceptions.
    @Test func atlasesThatCoverTheCortexHaveNoHoles() throws {
        let library = try AtlasLibrary.open(data: AtlasBuildFixture.atlasData.path)
        let recipe = try Recipe.load(from: Recipe.repositoryURL)
        let gyri = try library.atlas(named: "gyri")
        var checked: [String] = []
        for atlasRecipe in recipe.atlases {
            guard let cover = atlasRecipe.surfaceCover else { continue }
            let atlas = try library.atlas(named: atlasRecipe.name)
            for side in [Hemisphere.left, .right] {
                let dk = try gyri.surfaceLabels(side).regionIds.map { gyri.region(id: Int($0))?.sourceLabel }
                let ids = try atlas.surfaceLabels(side).regionIds
                let holes = ids.indices.filter { ids[$0] == 0 && SurfaceHoles.mustCover(dk[$0], cover: cover) }
                #expect(holes.isEmpty, "\(atlas.name) (\(side.rawValue)): \(holes.count) cortex vertices without a region")
            }
            checked.append(atlasRecipe.name)
        }
        #expect(checked == ["lobes", "brodmann", "brodmann-pals", "networks", "parcels"])
    }

    /// The histology labels come from the recipe's rules: an area's own ex vivo clauses, and for a
    /// functional area the labels of the Brodmann areas it is grouped from, on its own side.
    @Test func histologyLabelsFollowTheRules() throws {
        let recipe = try Recipe.load(from: Recipe.repositoryURL)
        let table = HistologyLabels(atlases: recipe.atlases)
        let brodmann = try #require(recipe.atlases.first { $0.name == "brodmann" })
        let functional = try #require(recipe.atlases.first { $0.name == "functional" })
        func labels(_ atlas: Recipe.AtlasRecipe, _ label: String) -> [String]? {
            atlas.regions.first { $0.sourceLabel == label && $0.hemisphere == .right }.flatMap { table.labels(of: $0, in: atlas) }
        }
        #expect(labels(brodmann, "Brodmann.3") == ["BA3a_exvivo", "BA3b_exvivo"])
        #expect(labels(brodmann, "Brodmann.9") == nil)
        #expect(labels(functional, "broca") == ["BA44_exvivo", "BA45_exvivo"])
        #expect(labels(functional, "primary-somatosensory") == ["BA1_exvivo", "BA2_exvivo", "BA3a_exvivo", "BA3b_exvivo"])
        #expect(labels(functional, "middle-temporal-visual") == ["MT_exvivo"])
        #expect(labels(functional, "angular") == nil)
    }
}
