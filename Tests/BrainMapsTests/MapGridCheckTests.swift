import BrainFormats
@testable import BrainMaps
import Foundation
import Testing

/// A map's grid is judged before its voxels are read: its size against what fits, its affine against what
/// places voxels one-to-one in space.
@Suite struct MapGridCheckTests {
    static func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }

    @Test func plausibleAffinesPass() throws {
        try MapGridCheck.check(dims: [91, 109, 91], affine: [[-2, 0, 0, 90], [0, 2, 0, -126], [0, 0, 2, -72]], file: "a.nii")
        // Oblique 0.5 mm voxels: rotated, still one-to-one.
        let c = cos(0.3) * 0.5, s = sin(0.3) * 0.5
        try MapGridCheck.check(dims: [400, 480, 400], affine: [[c, -s, 0, 0], [s, c, 0, 0], [0, 0, 0.5, 0]], file: "a.nii")
    }

    @Test func brokenAffinesAreRefusedByName() {
        #expect(Self.message { try MapGridCheck.checkAffine([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], file: "z.nii") }?
            .contains("z.nii: its affine gives voxels of 0 × 0 × 0 mm") == true)
        #expect(Self.message { try MapGridCheck.checkAffine([[1e30, 0, 0, 0], [0, 1e30, 0, 0], [0, 0, 1e30, 0]], file: "h.nii") }?
            .contains("must be 0.01…100 mm") == true)
        #expect(Self.message { try MapGridCheck.checkAffine([[2, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]], file: "f.nii") }?
            .contains("f.nii: its affine is singular") == true)
        #expect(Self.message { try MapGridCheck.checkAffine([[2, 0, 0, .nan], [0, 2, 0, 0], [0, 0, 2, 0]], file: "n.nii") }?
            .contains("not finite") == true)
    }

    @Test func gridsLargerThanAMapMayHoldAreRefusedBeforeReading() {
        let refused = Self.message { try MapGridCheck.checkSize(dims: [1024, 1024, 1024], file: "big.nii.gz") }
        #expect(refused?.contains("big.nii.gz: its grid 1024×1024×1024 has 1073741824 voxels (4 GiB as 32-bit values)") == true, "\(refused ?? "")")
        #expect(Self.message { try MapGridCheck.checkSize(dims: [512, 512, 1024], file: "a.nii") } == nil)
        #expect(Self.message { try MapGridCheck.checkSize(dims: [512, 512, 1025], file: "a.nii") } != nil)
    }

    /// The check runs on the header alone: a file whose voxels are missing entirely is refused for its affine,
    /// not for being short.
    @Test func loadingChecksTheHeaderFirst() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try NIfTIFile(float32: [Float](repeating: 1, count: 8), dims: [2, 2, 2],
                                  affine: [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]], sformCode: 4, name: "z.nii")
        let url = dir.appendingPathComponent("z.nii")
        try Data(image.headerBytes).write(to: url)
        let error = try #require(throws: MapsError.self) { try MapVolume.load(url) }
        #expect(error.message.contains("its affine gives voxels of 0 × 0 × 0 mm"), "\(error)")
    }
}
