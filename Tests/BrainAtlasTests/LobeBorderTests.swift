import Foundation
import Testing
@testable import BrainAtlas

/// The `lobes` atlas follows the textbook borders of docs/LOBES.md, measured on the built volume.
@Suite struct LobeBorderTests {
    /// The lateral parieto-occipital / temporo-occipital border of the recipe (fsaverage y, mm), and
    /// how far painting the surface rule into the 2009c ribbon may carry a label past it: half the
    /// cortical thickness from the mid-thickness vertex, plus the few millimetres between fsaverage
    /// (MNI305) and 2009c coordinates (docs/LOBES.md).
    static let lateralBorderY = -73.0
    static let paintingToleranceMm = 5.0

    /// Every labelled voxel of the lobes atlas: its region and the MNI point of its centre.
    func voxels(_ library: AtlasLibrary) throws -> [(region: Region, mni: SIMD3<Double>)] {
        let atlas = try library.atlas(named: "lobes")
        let labels = try atlas.labelVolume()
        var out: [(region: Region, mni: SIMD3<Double>)] = []
        for z in labels.origin.z ..< labels.origin.z + labels.dims.z {
            for y in labels.origin.y ..< labels.origin.y + labels.dims.y {
                for x in labels.origin.x ..< labels.origin.x + labels.dims.x {
                    guard let r = atlas.region(id: labels.label(x: x, y: y, z: z)),
                          let p = library.grid.mni(of: VoxelIndex(x, y, z)) else { continue }
                    out.append((r, p))
                }
            }
        }
        return out
    }

    /// Counts of one lobe's voxels per hemisphere that satisfy `test`.
    func count(_ library: AtlasLibrary, lobe: String, where test: (SIMD3<Double>) -> Bool) throws -> [Hemisphere: Int] {
        var counts: [Hemisphere: Int] = [:]
        for v in try voxels(library) where v.region.sourceLabel == lobe && test(v.mni) { counts[v.region.hemisphere, default: 0] += 1 }
        return counts
    }

    @Test func noParietalOrTemporalCortexBehindTheOccipitalBorder() throws {
        guard let library = try Fixture.realLibrary() else { return }
        let limit = Self.lateralBorderY - Self.paintingToleranceMm
        let all = try voxels(library)
        for lobe in ["parietal", "temporal"] {
            let behind = all.filter { $0.region.sourceLabel == lobe && $0.mni.y < limit }.map(\.mni)
            #expect(behind.isEmpty, "\(behind.count) \(lobe) voxels behind y = \(limit), e.g. \(behind.prefix(8).map { [$0.x, $0.y, $0.z] })")
        }
        // The border is not trivially met: the occipital lobe reaches well in front of the pole.
        let occipital = try count(library, lobe: "occipital") { $0.y > limit }
        #expect((occipital[.left] ?? 0) > 1000 && (occipital[.right] ?? 0) > 1000, "\(occipital)")
    }

    func lobe(_ library: AtlasLibrary, _ p: SIMD3<Double>) throws -> String? {
        let result = try Lookup(library: library).lookup(p, space: .mni)
        let lobes = result.atlases.first { $0.name == "lobes" }?.region ?? result.nearest.first { $0.name == "lobes" }?.hit.region
        return lobes?.sourceLabel
    }

    /// Landmarks on each side of every border, taken from the built atlas's own regions so they move
    /// with the data: the occipital pole, the calcarine cortex, the precuneus, the cuneus, the
    /// pre- and postcentral gyri, Heschl's gyrus, the insula and the isthmus of the cingulate gyrus.
    @Test(arguments: [
        ("gyri", "lateraloccipital", "occipital"), ("gyri", "pericalcarine", "occipital"), ("gyri", "cuneus", "occipital"),
        ("gyri", "precuneus", "parietal"), ("gyri", "precentral", "frontal"), ("gyri", "postcentral", "parietal"),
        ("gyri", "transversetemporal", "temporal"), ("gyri", "insula", "insula"), ("gyri", "isthmuscingulate", "limbic"),
        ("gyri", "superiorfrontal", "frontal"), ("gyri", "middletemporal", "temporal"), ("gyri", "supramarginal", "parietal"),
        ("gyri", "parahippocampal", "limbic"), ("gyri", "lingual", "occipital"),
    ])
    func gyrusAnchorsLieInTheirLobe(atlas: String, sourceLabel: String, lobe: String) throws {
        guard let library = try Fixture.realLibrary() else { return }
        for e in try library.atlas(named: atlas).entries where e.sourceLabel == sourceLabel {
            let a = try #require(e.anchorMni)
            #expect(try self.lobe(library, SIMD3(a[0], a[1], a[2])) == lobe, "\(sourceLabel) (\(e.hemisphere)) anchor \(a)")
        }
    }

    /// The occipital pole (the most posterior cortex of each hemisphere) is occipital.
    @Test func occipitalPoleIsOccipital() throws {
        guard let library = try Fixture.realLibrary() else { return }
        let all = try voxels(library)
        for side in [Hemisphere.left, .right] {
            let pole = all.filter { $0.region.hemisphere == side }.min { $0.mni.y < $1.mni.y }
            #expect(pole?.region.sourceLabel == "occipital", "\(side) pole: \(String(describing: pole))")
        }
    }
}
