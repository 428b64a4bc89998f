import Foundation
import Testing
@testable import BrainFormats

/// The header read: what `inspect` learns before it inflates or parses the rest of a file.
@Suite struct HeaderReadTests {
    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("header-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A 256³ VMR header followed by ~2 GB of zeros compresses to ~2 MB; it must be refused from the
    /// header and the gzip trailer, without inflating gigabytes.
    @Test func gzipBombIsRefusedFromItsHeader() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var header = Data()
        for word in [UInt16(4), 256, 256, 256] { withUnsafeBytes(of: word.littleEndian) { header.append(contentsOf: $0) } }
        // Deflate the zeros in 64 MiB pieces as separate gzip members, so the test itself stays small.
        let piece = try Gzip.compress(Data(count: 64 << 20), level: 9)
        var bomb = try Gzip.compress(header)
        for _ in 0 ..< 32 { bomb.append(piece) }
        let url = dir.appendingPathComponent("bomb.vmr.gz")
        try bomb.write(to: url)
        #expect(bomb.count < 4 << 20)
        do {
            _ = try FormatRegistry.inspect(url, json: true)
            Issue.record("a 2 GB bomb was accepted")
        } catch let error as FormatError {
            #expect(error.field == "gzip")
            #expect(error.message.contains("\(8 + 256 * 256 * 256 + VMRHeader.maxPostHeaderBytes) bytes"), "\(error)")
        }
        // A lying trailer does not help: inflating stops at the justified size.
        var liar = bomb
        liar.replaceSubrange((liar.count - 4)..<liar.count, with: [0, 0, 0, 1])
        try liar.write(to: url)
        #expect(throws: FormatError.self) { try VMRFile.read(from: url) }
        do { _ = try VMRFile.read(from: url) } catch let error as FormatError {
            #expect(error.message.contains("its header justifies"), "\(error)")
        }
    }

    @Test func headerLimitsFollowTheLayout() throws {
        func head(_ words: [UInt16]) -> Data { Data(words.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) }
        // v4, 3×4×5: 8 + 60 bytes and the bounded post-header.
        #expect(try VMRHeader.maxFileSize(head([4, 3, 4, 5]), "a.vmr") == 8 + 60 + VMRHeader.maxPostHeaderBytes)
        // A versionless v1 file of 10×10×10 is exactly 6 + 1000 bytes.
        #expect(try VMRHeader.maxFileSize(head([10, 10, 10, 0]), "a.vmr") == 1006)
        #expect(try VMRHeader.v16FileSize(head([2, 3, 4]), "a.v16") == 6 + 48)
        #expect(throws: FormatError(file: "a.vmr", field: "header", message: "2 bytes, too short for a VMR header")) {
            try VMRHeader.maxFileSize(Data([4, 0]), "a.vmr")
        }
        // Garbage: neither a known version word nor a plausible v1 size.
        #expect(throws: FormatError(file: "a.vmr", field: "FileVersion",
                                    message: "version 40000 is not a known VMR version (1–4), and as a version-1 header DimX 40000 is not 1…2048")) {
            try VMRHeader.maxFileSize(head([40000, 3, 4, 5]), "a.vmr")
        }
    }

    @Test func realGzippedVMRStillReads() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("sub.vmr.gz")
        try Gzip.compress(Data(contentsOf: Fixtures.url("bvbabel/sub-test03.vmr"))).write(to: url)
        #expect(try VMRFile.read(from: url).dims == SIMD3(179, 33, 135))
        #expect(try FormatRegistry.inspect(url, json: true).contains(#""voxelSum":90093993"#))
    }

    @Test func directoriesAndNamesWithoutExtensionAreNamed() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: FormatError(file: dir.path, field: "", message: "is a directory, not a file")) {
            try FormatRegistry.inspect(dir, json: false)
        }
        let bare = dir.appendingPathComponent("brain")
        try Data("hello".utf8).write(to: bare)
        do {
            _ = try FormatRegistry.inspect(bare, json: false)
            Issue.record("accepted a file without extension")
        } catch let error as FormatError {
            #expect(error.field == "extension")
            #expect(error.message.hasPrefix("has no extension; supported: .vmr, .v16, .srf, .voi, .poi, .nii"), "\(error)")
        }
    }

    @Test func fileTextIsEscapedForTheTerminal() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var voi = try VOIFile.read(from: Fixtures.url("bvbabel/sub-test03.voi"))
        voi.vois[0].name = RawString("evil\u{1B}[2J\u{07}name")
        let url = dir.appendingPathComponent("evil.voi")
        try voi.encoded().write(to: url)
        let text = try FormatRegistry.inspect(url, json: false)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.contains(#"evil\x1B[2J\x07name"#))
        #expect(text.contains("\n"))  // the program's own line breaks stay
        let json = try FormatRegistry.inspect(url, json: true)
        #expect(json.contains(#""name":"evil\u001b[2J\u0007name""#))
        #expect(TextDecoding.printable("a\nb\r\u{9B}") == #"a\x0Ab\x0D\x9B"#)
    }

    @Test func vmrWithoutItsOptionalTailWarnsNamingTheFields() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = try Data(contentsOf: Fixtures.url("nibabel/test.vmr"))
        let url = dir.appendingPathComponent("short.vmr")
        try full.prefix(full.count - 12).write(to: url)
        let report = try FormatRegistry.inspectReport(url, json: true)
        #expect(report.text.contains(#""dims":[3,4,5]"#))
        #expect(report.warnings.contains { $0.hasPrefix("short.vmr: OrigV16MinValue, OrigV16MeanValue, OrigV16MaxValue: missing") })
        #expect(try FormatRegistry.inspectReport(Fixtures.url("nibabel/test.vmr"), json: true).warnings.isEmpty)
    }
}
