import Foundation
import Testing
@testable import BrainAtlas

/// `where` in white matter, the corpus callosum, the ventricles and CSF names the tissue (the
/// `tissue` atlas) and still gives the nearest grey-matter region.
@Suite struct TissueAnswerTests {
    func entry(_ library: AtlasLibrary, _ atlas: String, _ label: String, _ side: Hemisphere) throws -> Catalog.RegionEntry {
        try #require(try library.atlas(named: atlas).entries.first { $0.sourceLabel == label && $0.hemisphere == side })
    }

    /// Every tissue region, asked at its own anchor voxel, is named there, and the grey-matter atlases
    /// that have nothing at the point name their nearest region.
    @Test func everyTissueRegionIsNamedWithItsNearestGreyMatter() throws {
        guard let library = try Fixture.realLibrary() else { return }
        let lookup = Lookup(library: library)
        for e in try library.atlas(named: "tissue").entries {
            let anchor = try #require(e.anchorMni)
            let result = try lookup.lookup(SIMD3(anchor[0], anchor[1], anchor[2]), space: .mni)
            let tissue = result.atlases.first { $0.name == "tissue" }?.region
            #expect(tissue?.sourceLabel == e.sourceLabel, "\(e.name) anchor \(anchor): \(tissue?.displayName ?? "nothing")")
            let text = result.readableText()
            #expect(text.contains(try #require(tissue).displayName))
            // The ventricles are structures of the subcortical atlas too; elsewhere the grey-matter
            // atlases have nothing at the point and name their nearest region instead.
            let sub = result.atlases.first { $0.name == "subcortical" }?.region
            if e.lobe == "ventricle", let sub {
                #expect(sub.lobe == "ventricle", "\(e.name): subcortical says \(sub.displayName)")
            } else {
                let grey = ["gyri", "subcortical"].compactMap { name in result.nearest.first { $0.name == name }?.hit.region }
                #expect(!grey.isEmpty && text.contains("nearest:"), "\(e.name): no nearest grey-matter region at \(anchor)")
            }
        }
    }

    /// The internal capsule is derived (no free source maps it): the white matter between the
    /// thalamus and the globus pallidus is its posterior limb. On the segment joining their
    /// centroids every capsule point is that limb, on the point's side, and there is at least one;
    /// the region says how it was made. (The caudate's centroid lies in its body, above the
    /// lentiform nucleus, so the anterior limb is checked at the published JHU points of the
    /// validation table instead.)
    @Test func internalCapsuleLimbsLieBetweenTheirNuclei() throws {
        guard let library = try Fixture.realLibrary() else { return }
        let lookup = Lookup(library: library)
        let pairs = [("thalamusproper", "pallidum", "internal-capsule-posterior-limb")]
        for side in [Hemisphere.left, .right] {
            for (medial, lateral, limb) in pairs {
                let a = try #require(try entry(library, "subcortical", medial, side).centroidMni)
                let b = try #require(try entry(library, "subcortical", lateral, side).centroidMni)
                var hits = 0, whiteMatter = 0
                for step in 0 ... 40 {
                    let t = Double(step) / 40
                    let p = (0 ..< 3).map { a[$0] + (b[$0] - a[$0]) * t }
                    let result = try lookup.lookup(SIMD3(p[0], p[1], p[2]), space: .mni)
                    guard let tissue = result.atlases.first(where: { $0.name == "tissue" })?.region else { continue }
                    if tissue.sourceLabel == limb { hits += 1 }
                    if tissue.sourceLabel == "cerebral-white-matter" { whiteMatter += 1 }
                    if tissue.sourceLabel.hasPrefix("internal-capsule") {
                        #expect(tissue.sourceLabel == limb && tissue.hemisphere == side, "\(side) \(p): \(tissue.displayName)")
                        #expect(tissue.provenance?.kind == .derived)
                    }
                }
                #expect(hits > 0, "\(side) \(medial)–\(lateral): no \(limb) (\(whiteMatter) white-matter points)")
            }
        }
    }

    /// On the midline the corpus callosum runs genu → body → splenium from front to back.
    @Test func callosalSegmentsRunFrontToBack() throws {
        guard let library = try Fixture.realLibrary() else { return }
        let y = try ["corpus-callosum-genu", "corpus-callosum-body", "corpus-callosum-splenium"].map {
            try #require(try entry(library, "tissue", $0, .none).centroidMni)[1]
        }
        #expect(y[0] > y[1] && y[1] > y[2], "\(y)")
    }
}
