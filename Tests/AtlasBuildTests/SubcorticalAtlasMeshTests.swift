import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// The subcortical surfaces made from the shipped subcortical label volume, held to what a figure
/// needs, on the structures that were hardest: the third ventricle (blurring cut off a recess as a
/// second piece), the fourth ventricle and the right nucleus accumbens (thin necks left creases),
/// the right cerebellum (its blurred surface lay 1.61 mm from its voxels) and the brainstem.
@Suite struct SubcorticalAtlasMeshTests {
    /// The shipped structures with these source labels and sides, meshed on their own.
    static func build(_ wanted: [(String, Hemisphere)]) throws -> SubcorticalMeshes.Result {
        let url = AtlasBuildFixture.atlasData.appendingPathComponent("labels/subcortical.lbl.gz")
        let catalog = try Catalog.read(from: AtlasBuildFixture.atlasData.appendingPathComponent("catalog.json"))
        let regions = try #require(catalog.atlases.first { $0.name == "subcortical" }).regions
        let ids = try wanted.map { label, side in
            UInt16(try #require(regions.first { $0.sourceLabel == label && $0.hemisphere == side }).id)
        }
        let volume = try LabelVolume.open(url, maxLabel: 255, cacheDirectory: nil)
        let n = CanonicalFrame.size
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for z in 0 ..< n { for y in 0 ..< n { for x in 0 ..< n {
            let l = UInt16(volume.label(x: x, y: y, z: z))
            if ids.contains(l) { dense[CanonicalFrame.index(x, y, z)] = l }
        } } }
        return SubcorticalMeshes.build(labels: dense, dims: SIMD3(repeating: n), voxelToMM: CanonicalFrame.voxelToMNI,
                                       structures: ids.map { [$0] })
    }

    @Test func thinStructuresAreOneSmoothTruePiece() async throws {
        let result = try await onOwnThread { try Self.build([("3rd-Ventricle", .none), ("4th-Ventricle", .none), ("accumbensarea", .right)]) }
        #expect(result.quality.count == 3)
        #expect(result.mesh.isClosedAndConsistent)
        for q in result.quality {
            #expect(q.pieces.count == 1, "\(q.line)")
            #expect(q.creases == 0, "\(q.line)")
            #expect(abs(q.volumeRatio - 1) <= 0.05, "\(q.line)")
            #expect(q.maxBoundaryDistance <= 1.5, "\(q.line)")
        }
    }

    /// Every vertex within the band of the label boundary (1.4 mm; the figure asks 1.5), and no
    /// terraces left: a mean dihedral of 2.65° (right) and 3.03° (left cerebellum) went with
    /// shallow ridges along the voxel rows, 2.2° and 2.0° come with none to be seen.
    @Test func cerebellumAndBrainstemAreSmoothAndTrue() async throws {
        let result = try await onOwnThread { try Self.build([("cerebellum", .right), ("brainstem", .none)]) }
        #expect(result.quality.count == 2)
        #expect(result.mesh.isClosedAndConsistent)
        let limit = SubcorticalMeshes.Options().boundaryLimit
        #expect(limit <= 1.4)
        for q in result.quality {
            #expect(q.pieces.count == 1, "\(q.line)")
            #expect(q.creases == 0, "\(q.line)")
            #expect(abs(q.volumeRatio - 1) <= 0.05, "\(q.line)")
            #expect(q.maxBoundaryDistance <= limit + 1e-3, "\(q.line)")
        }
        #expect(result.quality[0].meanDihedral <= 2.4, "\(result.quality[0].line)")
        #expect(result.quality[1].meanDihedral <= 3.1, "\(result.quality[1].line)")
    }
}
