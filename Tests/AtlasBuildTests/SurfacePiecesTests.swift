import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// Areas drawn in one connected piece, as anatomy draws them: the piece finder on a small mesh,
/// and every rule-built area of the committed AtlasData on the fsaverage6 meshes.
@Suite struct SurfacePiecesTests {
    /// A strip of six triangles: label 1 at both ends, label 2 in the middle.
    @Test func findsTheTwoPiecesOfALabelSplitByAnother() {
        let triangles: [SIMD3<Int32>] = [SIMD3(0, 1, 2), SIMD3(1, 3, 2), SIMD3(2, 3, 4), SIMD3(3, 5, 4), SIMD3(4, 5, 6), SIMD3(5, 7, 6)]
        let labels: [UInt16] = [1, 1, 1, 2, 2, 1, 1, 1]
        let pieces = SurfacePieces(labels: labels, triangles: triangles, regionCount: 2)
        #expect(pieces.sizes[1] == [3, 3])
        #expect(pieces.sizes[2] == [2])
        // Joining the ends through vertex 4 makes label 1 one piece of seven.
        let joined = SurfacePieces(labels: [1, 1, 1, 2, 1, 1, 1, 1], triangles: triangles, regionCount: 2)
        #expect(joined.sizes[1] == [7])
        #expect(joined.sizes[2] == [1])
    }

    /// Every Brodmann and functional area of the shipped atlases is one connected piece on its
    /// side's pial mesh, unless the recipe gives the reason for a second piece.
    @Test func everyRuleBuiltAreaIsOnePieceOrSaysWhy() throws {
        let root = AtlasBuildFixture.atlasData
        let catalog = try Catalog.read(from: root.appendingPathComponent("catalog.json"))
        let recipe = try Recipe.load(from: Recipe.repositoryURL)
        var triangles: [[SIMD3<Int32>]] = []
        for mesh in ["meshes/lh.pial.srf", "meshes/rh.pial.srf"] {
            let t = try SRFFile.read(from: root.appendingPathComponent(mesh)).triangles
            triangles.append(stride(from: 0, to: t.count, by: 3).map { SIMD3(t[$0], t[$0 + 1], t[$0 + 2]) })
        }
        var checked = 0
        for name in ["brodmann", "functional"] {
            let atlas = try #require(catalog.atlases.first { $0.name == name })
            let regions = try #require(recipe.atlases.first { $0.name == name }).regions
            let poi = try #require(atlas.files.poi)
            for (h, side) in [(0, Hemisphere.left), (1, .right)] {
                let file = try POIFile.read(from: root.appendingPathComponent(h == 0 ? poi.left : poi.right))
                var labels = [UInt16](repeating: 0, count: 40_962)
                for p in file.pois {
                    let region = try #require(atlas.regions.first { "\($0.name) (\($0.hemisphere.rawValue))" == p.name.string })
                    for v in p.vertices { labels[Int(v)] = UInt16(region.id) }
                }
                let pieces = SurfacePieces(labels: labels, triangles: triangles[h], regionCount: atlas.regions.count)
                for region in atlas.regions where region.hemisphere == side {
                    let recipeRegion = regions.first { $0.sourceLabel == region.sourceLabel && $0.hemisphere == side }
                    if recipeRegion?.piecesReason == nil {
                        #expect(pieces.sizes[region.id].count == 1,
                                "\(name): \(region.name) (\(side.rawValue)) in pieces of \(pieces.sizes[region.id]) vertices")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 82 + 34)
    }
}
