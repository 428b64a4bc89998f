import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// The subcortical surfaces made from the shipped subcortical label volume, held to what a figure
/// needs, on the structures that were hardest: the third ventricle (blurring cut off a recess as a
/// second piece), the fourth ventricle and the right nucleus accumbens (thin necks left creases).
@Suite struct SubcorticalAtlasMeshTests {
    @Test func thinStructuresAreOneSmoothTruePiece() throws {
        let url = AtlasBuildFixture.atlasData.appendingPathComponent("labels/subcortical.lbl.gz")
        let catalog = try Catalog.read(from: AtlasBuildFixture.atlasData.appendingPathComponent("catalog.json"))
        let regions = try #require(catalog.atlases.first { $0.name == "subcortical" }).regions
        func id(_ label: String, _ side: Hemisphere) throws -> UInt16 {
            UInt16(try #require(regions.first { $0.sourceLabel == label && $0.hemisphere == side }).id)
        }
        let wanted = [try id("3rd-Ventricle", .none), try id("4th-Ventricle", .none), try id("accumbensarea", .right)]
        let volume = try LabelVolume.open(url, maxLabel: 255, cacheDirectory: nil)
        let n = CanonicalFrame.size
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for z in 0 ..< n { for y in 0 ..< n { for x in 0 ..< n {
            let l = UInt16(volume.label(x: x, y: y, z: z))
            if wanted.contains(l) { dense[CanonicalFrame.index(x, y, z)] = l }
        } } }
        let result = SubcorticalMeshes.build(labels: dense, dims: SIMD3(repeating: n), voxelToMM: CanonicalFrame.voxelToMNI,
                                             structures: wanted.map { [$0] })
        #expect(result.quality.count == 3)
        #expect(result.mesh.isClosedAndConsistent)
        for q in result.quality {
            #expect(q.pieces.count == 1, "\(q.line)")
            #expect(q.creases == 0, "\(q.line)")
            #expect(abs(q.volumeRatio - 1) <= 0.05, "\(q.line)")
            #expect(q.maxBoundaryDistance <= 1.5, "\(q.line)")
        }
    }
}
