import Foundation
import Testing
@testable import BrainFormats

/// VMR layouts the real samples do not cover: unrecorded voxel sizes, no 16-bit range, odd history records.
@Suite struct VMRFileEdgeCaseTests {
    func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }

    /// `data` with the three voxel sizes (f32 at size − 26, − 22, − 18 in every version) replaced.
    func withVoxelSize(_ data: Data, _ size: SIMD3<Float>) -> Data {
        var d = data
        for (k, v) in [size.x, size.y, size.z].enumerated() {
            let at = d.count - 26 + 4 * k
            d.replaceSubrange(at..<(at + 4), with: le(v.bitPattern))
        }
        return d
    }

    @Test func zeroVoxelSizeIsKeptButOneMillimetreIsUsed() throws {
        for path in ["derived/test_v3.vmr", "nibabel/test.vmr"] {
            let zero = withVoxelSize(try Fixtures.data(path), [0, 0, 0])
            let vmr = try VMRFile(data: zero, name: "old.vmr")
            #expect(vmr.voxelSize == .zero)
            #expect(vmr.frameVoxelSize == SIMD3<Float>(1, 1, 1))
            #expect(vmr.frame.voxelSize == SIMD3<Double>(1, 1, 1))
            #expect(try vmr.encoded() == zero)
            #expect(vmr.warnings.count == 1 && vmr.warnings[0].hasPrefix("VoxelSizeX/Y/Z: stored as 0"))
        }
        // One unrecorded axis: only that one falls back.
        let mixed = try VMRFile(data: withVoxelSize(try Fixtures.data("derived/test_v3.vmr"), [0.5, 0, 2]), name: "m.vmr")
        #expect(mixed.frameVoxelSize == SIMD3<Float>(0.5, 1, 2))
        #expect(mixed.warnings.first?.hasPrefix("VoxelSizeY: stored as 0") == true)
        #expect(try VMRFile.read(from: Fixtures.url("nibabel/test.vmr")).warnings.isEmpty)
    }

    @Test func badVoxelSizesAreStillErrors() throws {
        let raw = try Fixtures.data("derived/test_v3.vmr")
        for bad: Float in [-1, .nan, .infinity, -.infinity] {
            let e = #expect(throws: FormatError.self) { try VMRFile(data: withVoxelSize(raw, [1, bad, 1]), name: "bad.vmr") }
            #expect(e?.file == "bad.vmr" && e?.field == "VoxelSizeY")
        }
    }

    @Test func inspectPrintsTheVoxelSizeWarningWithTheFileName() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("old_TAL.vmr")
        try withVoxelSize(try Fixtures.data("derived/test_v3.vmr"), [0, 0, 0]).write(to: url)
        let report = try FormatRegistry.inspectReport(url, json: false)
        #expect(report.warnings == ["old_TAL.vmr: VoxelSizeX/Y/Z: stored as 0 (not recorded by the writer); 1 mm is used for coordinates"])
        // The text summary infers the space from the file name's suffix (v3 has no ReferenceSpace byte).
        #expect(report.text.contains("reference space: Talairach (inferred)"))
        #expect(try FormatRegistry.inspectReport(url, json: true).text.contains(#""voxelSize":[0,0,0]"#))
        let warnings = try FormatRegistry.convert(url, to: dir.appendingPathComponent("copy.vmr"))
        #expect(warnings.count == 1)
    }

    @Test func fileNameSuffixSetsTheSpaceInTheTextSummary() throws {
        let v3 = try VMRFile.read(from: Fixtures.url("derived/test_v3.vmr"))
        #expect(v3.describe().contains("reference space: unknown (inferred)"))
        #expect(v3.describe(fileName: "sub01_MNI.vmr").contains("reference space: MNI (inferred)"))
        #expect(v3.describe(fileName: "sub01_ACPC.vmr").contains("reference space: ACPC (inferred)"))
    }

    @Test func version2JSONHasVoxelSizeAndHistoryButNoV3Fields() throws {
        var vmr = try VMRFile(dims: [2, 2, 2], voxels: Data(repeating: 9, count: 8), voxelSize: [0.5, 1, 1])
        vmr.version = 2
        let back = try VMRFile(data: try vmr.encoded(), name: "v2.vmr")
        #expect(back.summary().description
            == #"{"format":"vmr","version":2,"dims":[2,2,2],"voxelSize":[0.5,1,1],"offset":null,"framingCube":null,"referenceSpace":null,"transformations":0,"voxelSum":72}"#)
    }

    @Test func missingV16RangeWritesBackByteIdentical() throws {
        for path in ["nibabel/test.vmr", "derived/test_v3.vmr", "bvbabel/sub-test03_cube.vmr"] {
            let raw = try Fixtures.data(path)
            let short = raw.prefix(raw.count - 12)
            let vmr = try VMRFile(data: short, name: "short.vmr")
            #expect(vmr.v16Range == nil)
            #expect(vmr.trailingBytes.isEmpty)
            #expect(try vmr.encoded() == short)
            #expect(!vmr.describe().contains("16-bit range"))
        }
    }

    @Test func unknownTransformationTypeWithOddValueCount() throws {
        var vmr = try VMRFile(dims: [3, 1, 1], voxels: Data([1, 2, 3]), referenceSpace: .native)
        let odd = VMRTransformation(name: "ThirdPartyWarp", type: 42, sourceFile: "/data/warp.nii", values: [1.5, -2, 3, 4.25, 5])
        let empty = VMRTransformation(name: "", type: -7, sourceFile: "", values: [])
        vmr.transformations = [odd, empty, VMRTransformation(name: "NoName", type: 2, sourceFile: "", values: Array(repeating: 0, count: 16))]
        let bytes = try vmr.encoded()
        let back = try VMRFile(data: bytes, name: "odd.vmr")
        #expect(back.transformations == vmr.transformations)
        #expect(back.transformations[0].matrix == nil && back.transformations[2].matrix != nil)
        #expect(back.referenceSpace == .native && back.voxels == Data([1, 2, 3]))
        #expect(try back.encoded() == bytes)
        #expect(back.describe().contains("transformation type 42, 5 values: ThirdPartyWarp (from /data/warp.nii)"))
        // Type 42 says nothing about Talairach, so no space is inferred from it.
        var unknownSpace = back
        unknownSpace.referenceSpace = .unknown
        #expect(unknownSpace.inferredReferenceSpace() == .unknown)
    }

    @Test func latin1HistoryStringsRoundTripExactly() throws {
        var vmr = try VMRFile(dims: [1, 1, 1], voxels: Data([7]))
        // "Données café" and a Windows path, both Latin-1 (not valid UTF-8).
        let name = RawString(bytes: Array("Donn".utf8) + [0xE9] + Array("es caf".utf8) + [0xE9])
        let source = RawString(bytes: Array("C:\\Sujets\\R".utf8) + [0xE9] + Array("f.vmr".utf8))
        vmr.transformations = [VMRTransformation(name: name, type: 1, sourceFile: source, values: Array(repeating: 1, count: 9))]
        let bytes = try vmr.encoded()
        let back = try VMRFile(data: bytes, name: "latin1.vmr")
        #expect(back.transformations[0].name.bytes == name.bytes)
        #expect(back.transformations[0].name.string == "Données café")
        #expect(back.transformations[0].sourceFile.string == "C:\\Sujets\\Réf.vmr")
        #expect(try back.encoded() == bytes)
        // UTF-8 text stays UTF-8.
        vmr.transformations[0].name = RawString("Données")
        let utf8 = try VMRFile(data: try vmr.encoded(), name: "utf8.vmr")
        #expect(utf8.transformations[0].name.string == "Données" && utf8.transformations[0].name.bytes.count == 8)
    }
}
