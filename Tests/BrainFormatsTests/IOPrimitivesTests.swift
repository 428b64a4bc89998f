import Foundation
import Testing
@testable import BrainFormats

@Suite struct IOPrimitivesTests {
    @Test func gzipRoundTripAndCap() throws {
        let payload = Data((0..<200_000).map { UInt8($0 % 251) })
        let gz = try Gzip.compress(payload)
        #expect(Gzip.isGzip(gz))
        #expect(gz.count < payload.count)
        #expect(try Gzip.decompress(gz) == payload)
        // Two concatenated members are one file.
        #expect(try Gzip.decompress(gz + gz) == payload + payload)
        #expect(throws: FormatError.self) { try Gzip.decompress(gz, maxOutput: 1000) }
        #expect(throws: FormatError.self) { try Gzip.decompress(gz.prefix(gz.count / 2)) }
        var corrupt = gz
        corrupt[20] ^= 0xFF
        #expect(throws: FormatError.self) { try Gzip.decompress(corrupt) }
    }

    @Test func gzipBombIsStoppedByTheDefaultCap() throws {
        // 200 MB of zeros compresses to ~200 KB; the input-derived cap (1032:1) must allow it, while
        // a cap from a smaller claimed size must stop it without allocating the whole output.
        let zeros = Data(count: 8_000_000)
        let gz = try Gzip.compress(zeros, level: 9)
        #expect(try Gzip.decompress(gz).count == zeros.count)
        #expect(throws: FormatError.self) { try Gzip.decompress(gz, maxOutput: 1_000_000) }
    }

    @Test func atomicWriteAndFileSourceHandleGzip() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = Data("hello BrainVoyager".utf8)
        let plain = dir.appendingPathComponent("a.txt"), packed = dir.appendingPathComponent("a.txt.gz")
        try AtomicFile.write(data, to: plain)
        try AtomicFile.write(data, to: packed)
        #expect(try Data(contentsOf: plain) == data)
        #expect(Gzip.isGzip(try Data(contentsOf: packed)))
        #expect(try FileSource.read(packed, sizeLimit: TextSizeLimit.check) == data)
        #expect(try FileSource.read(plain, sizeLimit: TextSizeLimit.check) == data)
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.txt", "a.txt.gz"])
        #expect(throws: FormatError.self) { try AtomicFile.write(data, to: dir.appendingPathComponent("missing/x.vmr")) }
        #expect(throws: FormatError.self) { try FileSource.read(dir.appendingPathComponent("nope.vmr"), sizeLimit: VMRHeader.maxFileSize) }
        #expect(throws: FormatError.self) { try FileSource.read(dir, sizeLimit: VMRHeader.maxFileSize) }
    }

    @Test func byteReaderIsBoundsCheckedAndUnaligned() throws {
        let bytes: [UInt8] = [0xFF, 0x01, 0x02, 0x03, 0x04, 0x41, 0x42, 0x00, 0x43]
        try bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw, file: "t.bin")
            _ = try r.u8("pad")
            #expect(try r.u32("odd") == 0x0403_0201)  // starts at offset 1
            #expect(try r.cString("name").string == "AB")
            #expect(throws: FormatError.self) { try r.cString("unterminated") }
            #expect(throws: FormatError.self) { try r.u16("short") }
            #expect(throws: FormatError.self) { try r.i32Array(-1, field: "negative") }
            #expect(throws: FormatError.self) { try r.i32Array(Int.max / 2, field: "huge") }
        }
        var w = ByteWriter()
        w.u16BE(0x0102)
        w.f32(1)
        w.cString("x")
        #expect(w.data == [0x01, 0x02, 0x00, 0x00, 0x80, 0x3F, 0x78, 0x00])
    }

    @Test func textDecodingFallsBackToLatin1() {
        #expect(TextDecoding.decode(Array("Zürich".utf8)) == "Zürich")
        #expect(TextDecoding.decode([0x5A, 0xFC, 0x72]) == "Zür")
        let raw = RawString(bytes: [0x44, 0x3A, 0x2F, 0xE9])
        #expect(raw.string == "D:/é")
        #expect(raw.bytes == [0x44, 0x3A, 0x2F, 0xE9])
    }

    @Test func errorMessagesNameFileFieldAndProblem() {
        let e = FormatError(file: "sub.vmr", field: "DimX", message: "70000 × 256 × 256 voxels exceed the 797781-byte file")
        #expect(e.description == "sub.vmr: DimX: 70000 × 256 × 256 voxels exceed the 797781-byte file")
        #expect(e.localizedDescription == e.description)
    }
}
