import Foundation
import Testing
@testable import BrainFormats

/// Malformed input must give a `FormatError` naming the file and field — never a trap or a huge allocation.
@Suite struct BadInputTests {
    func error<T>(_ body: () throws -> T) -> FormatError? {
        do {
            _ = try body()
            return nil
        } catch let e as FormatError {
            return e
        } catch {
            return nil
        }
    }

    func patched(_ data: Data, at offset: Int, _ bytes: [UInt8]) -> Data {
        var d = data
        d.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        return d
    }

    func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }

    @Test func vmrHeaderProblems() throws {
        let raw = try Fixtures.data("nibabel/test.vmr")
        let bigDims = patched(raw, at: 2, le(UInt16(65535)) + le(UInt16(65535)) + le(UInt16(65535)))
        let e = try #require(error { try VMRFile(data: bigDims, name: "big.vmr") })
        #expect(e.file == "big.vmr" && e.field == "DimX" && e.message.contains("65535 × 65535 × 65535 voxels exceed the 380-byte file"))
        #expect(error { try VMRFile(data: patched(raw, at: 0, le(UInt16(7))), name: "v7.vmr") }?.field == "FileVersion")
        #expect(error { try VMRFile(data: patched(raw, at: 0, le(UInt16(0))), name: "v0.vmr") }?.field == "FileVersion")
        #expect(error { try VMRFile(data: patched(raw, at: 4, le(UInt16(0))), name: "z.vmr") }?.field == "DimY")
        #expect(error { try VMRFile(data: Data([1, 0, 2]), name: "tiny.vmr") }?.field == "header")
        // Post-header starts at 68; NrOfPastSpatialTransformations at 68 + 92 − 4.
        let countAt = 68 + 88
        #expect(error { try VMRFile(data: patched(raw, at: countAt, le(Int32(-1))), name: "n.vmr") }?.field == "NrOfPastSpatialTransformations")
        #expect(error { try VMRFile(data: patched(raw, at: countAt, le(Int32.max)), name: "n.vmr") }?.field == "NrOfPastSpatialTransformations")
        // First record: "NoName\0" type(4) "/home/test.vmr\0" then NrOfValues.
        let valuesAt = countAt + 4 + 7 + 4 + 15
        #expect(error { try VMRFile(data: patched(raw, at: valuesAt, le(Int32(-16))), name: "v.vmr") }?.field == "transformation 1 NrOfValues")
        #expect(error { try VMRFile(data: patched(raw, at: valuesAt, le(Int32(1 << 30))), name: "v.vmr") }?.field.hasPrefix("transformation 1 NrOfValues") == true)
        let sizeX = raw.count - 26
        let nan = error { try VMRFile(data: patched(raw, at: sizeX, le(Float.nan.bitPattern)), name: "nan.vmr") }
        #expect(nan?.field == "VoxelSizeX" && nan?.message.contains("nan") == true)
    }

    @Test func everyTruncationOfARealVMRFailsCleanly() throws {
        let raw = try Fixtures.data("nibabel/test.vmr")
        var failures = 0
        for n in 0..<raw.count {
            let prefix = raw.prefix(n)
            if let vmr = try? VMRFile(data: prefix, name: "cut.vmr") {
                // Only the optional 16-bit range (last 12 bytes) may be missing, or the prefix happens to
                // satisfy the versionless v1 size rule.
                #expect(n >= raw.count - 12 || !vmr.hasVersionWord, "prefix \(n) parsed")
            } else {
                failures += 1
                #expect(error { try VMRFile(data: prefix, name: "cut.vmr") }?.file == "cut.vmr")
            }
        }
        #expect(failures >= raw.count - 13)
    }

    @Test func srfProblems() throws {
        let raw = try Fixtures.data("bvbabel/sub-test03_cube.srf")
        let nv = 866
        #expect(error { try SRFFile(data: patched(raw, at: 0, le(Float(7).bitPattern)), name: "s.srf") }?.field == "FileVersion")
        #expect(error { try SRFFile(data: patched(raw, at: 0, le(Float.nan.bitPattern)), name: "s.srf") }?.field == "FileVersion")
        #expect(error { try SRFFile(data: patched(raw, at: 8, le(Int32(-5))), name: "s.srf") }?.field == "NrOfVertices")
        #expect(error { try SRFFile(data: patched(raw, at: 12, le(Int32(-5))), name: "s.srf") }?.field == "NrOfTriangles")
        let huge = try #require(error { try SRFFile(data: patched(raw, at: 8, le(Int32.max)), name: "h.srf") })
        #expect(huge.field == "NrOfVertices" && huge.message.contains("76165"))
        #expect(error { try SRFFile(data: patched(raw, at: 28 + 4 * 5, le(Float.nan.bitPattern)), name: "s.srf") }?.field == "vertex 5")
        let neighboursAt = 60 + 28 * nv
        #expect(error { try SRFFile(data: patched(raw, at: neighboursAt, le(Int32(-1))), name: "s.srf") }?.field == "neighbours of vertex 0")
        #expect(error { try SRFFile(data: patched(raw, at: neighboursAt, le(Int32(1 << 28))), name: "s.srf") }?.field == "neighbours of vertex 0")
        #expect(error { try SRFFile(data: patched(raw, at: neighboursAt + 4, le(Int32(nv))), name: "s.srf") }?.message.contains("866") == true)
        let trianglesAt = neighboursAt + 4 * (866 + 6912)
        let badTriangle = error { try SRFFile(data: patched(raw, at: trianglesAt + 4 * 4, le(Int32(9999))), name: "s.srf") }
        #expect(badTriangle?.field == "triangle 1")
        let stripCountAt = trianglesAt + 12 * 1728
        #expect(error { try SRFFile(data: patched(raw, at: stripCountAt, le(Int32(-2))), name: "s.srf") }?.field == "NrOfStripElements")
        #expect(error { try SRFFile(data: patched(raw, at: stripCountAt, le(Int32(100_000))), name: "s.srf") } != nil)
    }

    @Test func everyTruncationOfARealSRFFailsCleanly() throws {
        let raw = try Fixtures.data("bvbabel/sub-test03_cube.srf")
        // Cutting the 4 unknown trailing bytes, or them and the MTC string, leaves a valid v4 file (ending after
        // the strips); everything shorter must fail.
        for n in stride(from: 0, to: raw.count - 5, by: 97) + [raw.count - 7, raw.count - 6] {
            #expect(error { try SRFFile(data: raw.prefix(n), name: "cut.srf") } != nil, "prefix \(n)")
        }
        #expect(try SRFFile(data: raw.prefix(raw.count - 5), name: "cut.srf").mtcName == nil)
    }

    @Test func voiProblems() throws {
        func voi(_ text: String) -> FormatError? { error { try VOIFile(data: Data(text.utf8), name: "bad.voi") } }
        let head = "FileVersion: 4\nReferenceSpace: BV\nNrOfVOIs: 1\nNameOfVOI: a\nColorOfVOI: 1 2 3\n"
        #expect(voi(head + "NrOfVoxels: 99999999\n1 2 3\n")?.field == "NrOfVoxels")
        #expect(voi(head + "NrOfVoxels: -3\n")?.field == "NrOfVoxels")
        #expect(voi(head + "NrOfVoxels: 2\n1 2 3\n")?.message.contains("1 of 2") == true)
        let nanLine = voi(head + "NrOfVoxels: 1\nnan 2 3\n")
        #expect(nanLine?.field == "voxel 1 of VOI \"a\"" && nanLine?.message.contains("line 7") == true)
        #expect(voi(head + "NrOfVoxels: 1\n1 2\n") != nil)
        #expect(voi(head + "NrOfVoxels: 1\n1 2 99999999999\n") != nil)
        #expect(voi(head.replacingOccurrences(of: "FileVersion: 4", with: "FileVersion: 9") + "NrOfVoxels: 0\n")?.field == "FileVersion")
        // An unknown ReferenceSpace is kept with a warning, not refused (VOIFileTests.unknownReferenceSpaceIsKept).
        #expect(voi(head.replacingOccurrences(of: "BV", with: "XYZ") + "NrOfVoxels: 0\n") == nil)
        #expect(voi(head.replacingOccurrences(of: "NrOfVOIs: 1", with: "NrOfVOIs: 2") + "NrOfVoxels: 0\n")?.field == "NrOfVOIs")
        #expect(voi(head.replacingOccurrences(of: "ColorOfVOI: 1 2 3", with: "ColorOfVOI: 1 2 300") + "NrOfVoxels: 0\n")?.field == "ColorOfVOI")
        #expect(voi("just some text\n")?.field == "line")
        #expect(voi("")?.field == "FileVersion")
        #expect(voi(head + "NrOfVoxels: 0\nNrOfVOIVTCs: 3\n/a.vtc\n")?.field == "NrOfVOIVTCs")
    }

    @Test func poiProblems() throws {
        func poi(_ text: String) -> FormatError? { error { try POIFile(data: Data(text.utf8), name: "bad.poi") } }
        let head = "FileVersion: 2\nFromMeshFile: \"m.srf\"\nNrOfMeshVertices: 10\nNrOfPOIs: 1\nNameOfPOI: \"p\"\nColorOfPOI: 1 2 3\n"
        #expect(poi(head + "NrOfVertices: 1\n10\n")?.message.contains("outside 0..<10") == true)
        #expect(poi(head + "NrOfVertices: 1\n-1\n") != nil)
        #expect(poi(head + "LabelVertex: 99\nNrOfVertices: 0\n")?.field == "LabelVertex")
        #expect(poi(head + "NrOfVertices: 100000000\n1\n")?.field == "NrOfVertices")
        #expect(poi(head + "NrOfVertices: 2\n1\n") != nil)
        #expect(poi(head.replacingOccurrences(of: "FileVersion: 2", with: "FileVersion: 3") + "NrOfVertices: 0\n")?.field == "FileVersion")
        #expect(poi(head.replacingOccurrences(of: "NrOfMeshVertices: 10\n", with: "") + "NrOfVertices: 0\n") != nil)
    }

    @Test func v16SizeMismatch() throws {
        let good = Data([2, 0, 1, 0, 1, 0, 5, 0, 6, 0])
        let v16 = try V16File(data: good, name: "a.v16")
        #expect(v16.voxel(1, 0, 0) == 6)
        #expect(try v16.encoded() == good)
        #expect(error { try V16File(data: good.prefix(9), name: "a.v16") }?.field == "DimX")
    }
}
