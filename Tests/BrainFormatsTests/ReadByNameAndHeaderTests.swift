import Foundation
import Testing
@testable import BrainFormats

/// How a file is recognised and how little of it is read: its name before a chance byte pattern, a file cut
/// short called truncated (not a bomb), and a NIfTI header inspected without inflating its voxels.
@Suite struct ReadByNameAndHeaderTests {
    static func image(volumes: Int = 1, slope: Float = 1) throws -> NIfTIFile {
        let values = (0 ..< 24 * volumes).map { Float($0) - 5 }
        return try NIfTIFile(float32: values, dims: volumes == 1 ? [2, 3, 4] : [2, 3, 4, volumes],
                             affine: [[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1]], sformCode: 4, name: "a.nii")
    }

    @Test func aKnownExtensionWinsOverASignature() throws {
        let magic = Data([0xFF, 0xFF, 0xFE, 0x0A, 0x0A, 0, 0, 0])
        #expect(try FormatRegistry.format(for: URL(fileURLWithPath: "scan.vmr"), contents: magic).name == "vmr")
        #expect(try FormatRegistry.format(for: URL(fileURLWithPath: "scan.vmr.gz"), contents: magic).name == "vmr")
        // Names FreeSurfer gives its surfaces, whose "extension" no format claims: the magic decides.
        #expect(try FormatRegistry.format(for: URL(fileURLWithPath: "lh.sphere.reg"), contents: magic).name == "freesurfer-surface")
        #expect(try FormatRegistry.format(for: URL(fileURLWithPath: "lh.orig.nofix"), contents: magic).name == "freesurfer-surface")
    }

    @Test func aGzipCutShortIsTruncatedNotTooLarge() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Gzip.compress(Data(try Self.image().encoded() + [UInt8](repeating: 9, count: 200_000)), level: 1)
        let url = dir.appendingPathComponent("cut.nii.gz")
        // Cut so the last four bytes (read as the trailer's size) are compressed data.
        for cut in [whole.count / 2, whole.count - 9] {
            try whole.prefix(cut).write(to: url)
            let error = try #require(throws: FormatError.self) { try FormatRegistry.read(url) }
            #expect(error.message.contains("truncated") && !error.message.contains("justifies"), "\(cut): \(error)")
        }
    }

    @Test func volumesConvertStraightToFloats() throws {
        let image = try Self.image(volumes: 3)
        let all = image.floatValues()
        #expect(all.count == 72 && all.first == -5 && all.last == 66)
        for v in 0 ..< 3 { #expect(image.floatValues(volume: v) == Array(all[(24 * v) ..< (24 * v + 24)])) }
    }

    @Test func inspectingANIfTIReadsItsHeaderAlone() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try Self.image()
        // The header and no voxels: inspect still describes it, and warns that the voxels are missing.
        let url = dir.appendingPathComponent("head.nii.gz")
        try Gzip.compress(Data(image.headerBytes)).write(to: url)
        let report = try FormatRegistry.inspectReport(url, json: false)
        #expect(report.text.contains("2 × 3 × 4 voxels of float32"), "\(report.text)")
        #expect(report.warnings.count == 1 && report.warnings[0].contains("head.nii.gz: its gzip trailer gives 352 bytes"), "\(report.warnings)")
        let plain = dir.appendingPathComponent("head.nii")
        try Data(image.headerBytes).write(to: plain)
        #expect(try FormatRegistry.inspectReport(plain, json: false).warnings == ["head.nii: holds 352 bytes, its header needs 448: the voxels are cut short"])
        // A whole file: the same text as reading it all, and no warning.
        let full = dir.appendingPathComponent("full.nii.gz")
        try Gzip.compress(Data(image.encoded())).write(to: full)
        let whole = try FormatRegistry.inspectReport(full, json: true)
        #expect(whole.warnings.isEmpty && whole.text == image.summary().description)
    }
}
