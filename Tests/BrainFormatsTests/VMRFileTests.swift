import Foundation
import Testing
@testable import BrainFormats

@Suite struct VMRFileTests {
    @Test(arguments: Fixtures.realVMRs)
    func reproducesExpectedHeader(_ path: String) throws {
        let e = try Fixtures.expected(path)
        let vmr = try VMRFile.read(from: Fixtures.url(path))
        #expect(vmr.version == e.int("version"))
        #expect([vmr.dims.x, vmr.dims.y, vmr.dims.z] == e.ints("dims_xyz"))
        #expect(vmr.dataOffset == e.int("data_offset"))
        #expect(close(array(vmr.voxelSize), e.doubles("voxel_size_xyz")))
        #expect([vmr.offset.x, vmr.offset.y, vmr.offset.z] == e.ints("offset_xyz"))
        #expect(vmr.framingCubeDim == e.int("framing_cube_dim"))
        #expect(Int(vmr.leftRightConvention) == e.int("left_right_convention"))
        #expect(Int(vmr.referenceSpace.vmrCode) == e.int("reference_space"))
        #expect(Int(vmr.voxelResolutionVerified) == e.int("voxel_resolution_verified"))
        #expect(Int(vmr.voxelResolutionInTALmm) == e.int("voxel_resolution_in_tal_mm"))
        let p = vmr.position
        #expect(Int(p.posInfosVerified) == e.int("pos_infos_verified"))
        #expect(Int(p.coordinateSystem) == e.int("coordinate_system"))
        #expect(close(array(p.slice1Center), e.doubles("slice1_center")))
        #expect(close(array(p.sliceNCenter), e.doubles("sliceN_center")))
        #expect(close(array(p.rowDirection), e.doubles("row_dir")))
        #expect(close(array(p.columnDirection), e.doubles("col_dir")))
        #expect([Int(p.rows), Int(p.columns)] == e.ints("n_rows_cols"))
        #expect(close([p.fovRows, p.fovColumns], e.doubles("fov_rows_cols")))
        #expect(abs(Double(p.sliceThickness) - e.double("slice_thickness")) < 1e-5)
        #expect(abs(Double(p.gapThickness) - e.double("gap_thickness")) < 1e-5)
        let range = try #require(vmr.v16Range)
        #expect([Int(range.min), Int(range.mean), Int(range.max)] == e.ints("orig_v16_min_mean_max"))
        #expect(vmr.trailingBytes.isEmpty)

        let records = e.dicts("past_transformations")
        #expect(vmr.transformations.count == records.count)
        for (t, r) in zip(vmr.transformations, records) {
            #expect(t.name.string == r.string("name"))
            #expect(Int(t.type) == r.int("type"))
            #expect(t.sourceFile.string == r.string("source_file"))
            #expect(t.values.count == r.int("n_values"))
            #expect(close(t.values, r.doubles("values")))
        }
    }

    @Test(arguments: Fixtures.realVMRs)
    func reproducesExpectedVoxels(_ path: String) throws {
        let e = try Fixtures.expected(path)
        let raw = try Fixtures.data(path)
        let vmr = try VMRFile(data: raw, name: path)
        #expect(raw.count == e.int("file_size"))
        #expect(vmr.voxelSum == UInt64(e.int("voxel_sum")))
        let bytes = [UInt8](vmr.voxels)
        #expect(Int(bytes.min()!) == e.int("voxel_min"))
        #expect(Int(bytes.max()!) == e.int("voxel_max"))
        #expect(bytes.filter { $0 != 0 }.count == e.int("n_nonzero"))
        #expect(bytes.filter { $0 > 225 }.count == e.int("n_above_225"))
        // The voxel block is exactly the file's bytes after the header (the data_md5 region).
        let post = e.int("post_header_offset")
        #expect(vmr.voxels == raw[e.int("data_offset")..<post])
        for s in e.dicts("samples") {
            #expect(vmr.voxel(s.int("x"), s.int("y"), s.int("z")) == UInt8(s.int("value")))
            #expect(raw[s.int("file_byte_offset")] == UInt8(s.int("value")))
        }
    }

    @Test(arguments: Fixtures.realVMRs + ["derived/test_v1.vmr", "derived/test_v3.vmr"])
    func roundTripIsByteIdentical(_ path: String) throws {
        let raw = try Fixtures.data(path)
        let vmr = try VMRFile(data: raw, name: path)
        #expect(try vmr.encoded() == raw)
    }

    @Test func versionlessV1Layout() throws {
        let vmr = try VMRFile.read(from: Fixtures.url("derived/test_v1.vmr"))
        #expect(vmr.version == 1)
        #expect(!vmr.hasVersionWord)
        #expect(vmr.dims == SIMD3(3, 4, 5))
        #expect(vmr.voxelSum == 7218)
        #expect(vmr.voxel(0, 0, 0) == 29)
        #expect(vmr.voxel(2, 3, 4) == 57)
        #expect(vmr.voxel(1, 2, 3) == 110)
        #expect(vmr.summary().description
            == #"{"format":"vmr","version":1,"dims":[3,4,5],"voxelSize":null,"offset":null,"framingCube":null,"referenceSpace":null,"transformations":null,"voxelSum":7218}"#)
        #expect(try FormatRegistry.inspect(Fixtures.url("derived/test_v1.vmr"), json: true) == vmr.summary().description)
        #expect(vmr.describe().contains("voxel size not stored"))
    }

    @Test func version3WithoutReferenceSpaceByte() throws {
        let vmr = try VMRFile.read(from: Fixtures.url("derived/test_v3.vmr"))
        #expect(vmr.version == 3)
        #expect(vmr.offset == .zero)
        #expect(vmr.framingCubeDim == 256)
        #expect(vmr.transformations.map(\.type) == [2, 2])
        #expect(vmr.transformations.allSatisfy { $0.values.count == 16 })
        #expect(vmr.leftRightConvention == 1)
        #expect(vmr.voxelSize == SIMD3<Float>(1, 1, 1))
        #expect(vmr.v16Range == V16Range(min: 0, mean: 127, max: 255))
        #expect(vmr.voxelSum == 7218)
        #expect(vmr.referenceSpace == .unknown)
    }

    @Test func nibabelTransformationsAreRowMajorMatrices() throws {
        let vmr = try VMRFile.read(from: Fixtures.url("nibabel/test.vmr"))
        let m = try #require(vmr.transformations[0].matrix)
        #expect(m[0] == [1, 0, 0, -1])
        #expect(m[2] == [0, 0, 1, -1])
        #expect(m[3] == [0, 0, 0, 1])
        #expect(vmr.transformations[1].sourceFile.string == "/home/test_TRF.vmr")
    }

    /// docs/file-formats.md §3.4's worked sizes: the unshipped 256³ v2 file (one type-6 record of 40 values) and test.vmr.
    @Test func worked256CubeV2SizeFormula() throws {
        var vmr = try VMRFile(canonical: .talairach, fill: 7)
        vmr.version = 2
        let name = "CombinedSpatialTransformationAndTalairach, sinc interpolation (R=3)"
        let source = String(repeating: "s", count: 292 - 8 - 4 * 40 - name.utf8.count - 2)
        vmr.transformations = [VMRTransformation(name: RawString(name), type: 6, sourceFile: RawString(source),
                                                 values: Array(repeating: 1, count: 40))]
        let bytes = try vmr.encoded()
        #expect(bytes.count == 16_777_627)
        let back = try VMRFile(data: bytes, name: "v2.vmr")
        #expect(back.version == 2)
        #expect(back.transformations[0].values.count == 40)
        #expect(back.inferredReferenceSpace() == .talairach)
        // Voxel sizes sit at fixed distances from the end in every version (docs/file-formats.md §3.4).
        let tailX = bytes.withUnsafeBytes { Float(bitPattern: $0.loadUnaligned(fromByteOffset: bytes.count - 26, as: UInt32.self)) }
        #expect(tailX == 1)
    }

    @Test func canonicalTemplateInitialiser() throws {
        let vmr = try VMRFile(canonical: .mni)
        #expect(vmr.version == 4)
        #expect(vmr.dims == SIMD3(256, 256, 256))
        #expect(vmr.framingCubeDim == 256)
        let bytes = try vmr.encoded()
        #expect(bytes.count == 8 + 256 * 256 * 256 + 92 + 28)
        let back = try VMRFile(data: bytes, name: "mni.vmr")
        #expect(back.referenceSpace == .mni)
        #expect(back.frame == VolumeFrame.canonical)
        #expect(throws: FormatError.self) { try VMRFile(canonical: .mni, voxels: Data(count: 10)) }
    }

    @Test func largeUncompressedFilesAreMappedNotCopied() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("t.vmr")
        try Data(try Fixtures.data("bvbabel/sub-test03.vmr")).write(to: url)
        let raw = try FileSource.read(url, sizeLimit: VMRHeader.maxFileSize)
        let vmr = try VMRFile(data: raw, name: "t.vmr")
        let fileBase = raw.withUnsafeBytes { $0.baseAddress! }
        let voxelBase = vmr.voxels.withUnsafeBytes { $0.baseAddress! }
        #expect(voxelBase == fileBase + 8)
        #expect(vmr.voxels.startIndex == 0)
    }
}
