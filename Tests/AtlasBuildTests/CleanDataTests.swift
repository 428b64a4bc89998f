import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// Clean data on screen: no islands of a few voxels in any label volume, no holes in the atlases that
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

    /// A two-voxel piece of label 2 inside label 1 joins it; a three-voxel piece of 4 between
    /// region 6 and a one-voxel island of 5 joins 6, and the island, which touches only that piece,
    /// joins 6 on the next pass; a four-voxel piece stays, as does the lone voxel of 3.
    @Test func piecesOfUpToThreeVoxelsJoinTheirSurroundings() {
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for z in 100 ..< 106 { for y in 100 ..< 106 { for x in 100 ..< 106 { dense[CanonicalFrame.index(x, y, z)] = 1 } } }
        dense[CanonicalFrame.index(102, 102, 102)] = 2
        dense[CanonicalFrame.index(103, 103, 103)] = 2
        for x in 100 ..< 104 { dense[CanonicalFrame.index(x, 100, 100)] = 7 }
        for z in 50 ..< 56 { for y in 50 ..< 56 { for x in 50 ..< 56 { dense[CanonicalFrame.index(x, y, z)] = 6 } } }
        for x in 56 ..< 59 { dense[CanonicalFrame.index(x, 53, 53)] = 4 }
        dense[CanonicalFrame.index(59, 53, 53)] = 5
        dense[CanonicalFrame.index(20, 20, 20)] = 3
        let volume = AtlasVolume(dense: dense)
        #expect(VoxelIslands.count(volume) == (islands: 4, absorbable: 3))
        let cleaned = VoxelIslands.absorbed(volume)
        let at = { (x: Int, y: Int, z: Int) in cleaned.labels[cleaned.indices.firstIndex(of: Int32(CanonicalFrame.index(x, y, z)))!] }
        #expect(at(102, 102, 102) == 1 && at(103, 103, 103) == 1)
        #expect(at(56, 53, 53) == 6 && at(58, 53, 53) == 6 && at(59, 53, 53) == 6)
        #expect((100 ..< 104).allSatisfy { at($0, 100, 100) == 7 })
        #expect(at(20, 20, 20) == 3)
        #expect(VoxelIslands.count(cleaned) == (islands: 1, absorbable: 0))
    }

    /// Every label volume of the shipped atlases: no piece of a label of up to
    /// `VoxelIslands.maxVoxels` voxels stands alone among labelled neighbours.
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
            let islands = Self.islands(box, dims: SIMD3(d.x, d.y, d.z), maxVoxels: VoxelIslands.maxVoxels)
            #expect(islands == 0, "\(atlas.name): \(islands) islands of up to \(VoxelIslands.maxVoxels) voxels")
            checked += 1
        }
        #expect(checked == 11)
    }

    /// Pieces (26-connected) of at most `maxVoxels` voxels with a voxel of another label beside
    /// them, counted independently of `VoxelIslands` on the label box the atlas reads.
    static func islands(_ box: [UInt16], dims d: SIMD3<Int>, maxVoxels: Int) -> Int {
        var seen = [Bool](repeating: false, count: box.count)
        var islands = 0
        for start in box.indices where box[start] != 0 && !seen[start] {
            let own = box[start]
            var stack = [start], size = 0, touchesOther = false
            seen[start] = true
            while let i = stack.popLast() {
                size += 1
                let x = i % d.x, y = (i / d.x) % d.y, z = i / (d.x * d.y)
                for dz in -1 ... 1 { for dy in -1 ... 1 { for dx in -1 ... 1 {
                    let (nx, ny, nz) = (x + dx, y + dy, z + dz)
                    guard nx >= 0, ny >= 0, nz >= 0, nx < d.x, ny < d.y, nz < d.z else { continue }
                    let j = nx + d.x * (ny + d.y * nz), l = box[j]
                    if l == own, !seen[j] { seen[j] = true; stack.append(j) } else if l != 0, l != own { touchesOther = true }
                } } }
            }
            if size <= maxVoxels && touchesOther { islands += 1 }
        }
        return islands
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
