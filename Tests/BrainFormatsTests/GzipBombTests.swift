import Foundation
import Testing
@testable import BrainFormats

/// Every format reads a compressed file's header from its first bytes and inflates no further than
/// that header justifies: a gigabyte of gzipped zeros (1 MB on disk) is refused without inflating it.
@Suite struct GzipBombTests {
    /// About 1 GiB of zeros as 64 gzip members of 16 MiB each, behind `header` (its own member).
    static func bomb(header: Data = Data()) throws -> Data {
        let piece = try Gzip.compress(Data(count: 16 << 20), level: 9)
        var data = header.isEmpty ? Data() : try Gzip.compress(header)
        for _ in 0 ..< 64 { data.append(piece) }
        return data
    }

    /// Zeros refused from the header alone: only the header's bytes were inflated.
    @Test(arguments: [
        ("zeros.vmr.gz", "FileVersion"), ("zeros.v16.gz", "DimX"), ("zeros.srf.gz", "FileVersion"),
        ("zeros.voi.gz", "text"), ("zeros.poi.gz", "text"), ("zeros.nii.gz", "sizeof_hdr"),
        ("zeros.pial.gz", "magic"), ("zeros.label.gz", "text"), ("zeros.ctab.gz", "text"),
    ])
    func zeroBombIsRefusedFromItsHeader(name: String, field: String) throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name)
        let data = try Self.bomb()
        #expect(data.count < 2 << 20)
        try data.write(to: url)
        let (format, file) = try FormatRegistry.readHeader(url)
        #expect(file.head.count == FileSource.headerBytes)  // all that was inflated so far
        #expect(throws: FormatError.self) { try format.sizeLimit(file.head, name) }
        do {
            _ = try FormatRegistry.read(url)
            Issue.record("\(name): a gigabyte of zeros was accepted")
        } catch let error as FormatError {
            #expect(error.file == name && error.field == field, "\(error)")
        }
    }

    /// Headers that pass, followed by a gigabyte of zeros: inflating stops at the size they justify.
    @Test func plausibleHeaderStopsAtItsJustifiedSize() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var nifti = [UInt8](try Data(contentsOf: Fixtures.root.deletingLastPathComponent().appendingPathComponent("importers/qform_be_float32.nii")))
        nifti = Array(nifti.prefix(352))
        var annot = Data()
        withUnsafeBytes(of: Int32(1000).bigEndian) { annot.append(contentsOf: $0) }
        var srf = Data()
        withUnsafeBytes(of: Float(4).bitPattern.littleEndian) { srf.append(contentsOf: $0) }
        for v in [Int32(0), 100, 196] { withUnsafeBytes(of: v.littleEndian) { srf.append(contentsOf: $0) } }
        for (name, header) in [("head.nii.gz", Data(nifti)), ("head.annot.gz", annot), ("head.srf.gz", srf)] {
            let url = dir.appendingPathComponent(name)
            try Self.bomb(header: header).write(to: url)
            let (format, file) = try FormatRegistry.readHeader(url)
            let limit = try format.sizeLimit(file.head, name)
            #expect(limit <= TextSizeLimit.maxBytes, "\(name): \(limit)")
            do {
                _ = try FormatRegistry.read(url)
                Issue.record("\(name): a gigabyte of zeros was accepted")
            } catch let error as FormatError {
                #expect(error.field == "gzip" && error.message.contains("more than the \(limit) bytes its header justifies"), "\(error)")
            }
        }
    }
}
