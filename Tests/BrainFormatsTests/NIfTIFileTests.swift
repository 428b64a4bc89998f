import Foundation
import Testing
@testable import BrainFormats

// Expected values were read from the same files with nibabel 5.4.2 (see Fixtures/importers/SOURCES.md).
private func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/importers/\(name)")
}

@Suite struct NIfTIFileTests {
    @Test func abagenDKLabelVolume() throws {
        let n = try NIfTIFile(contentsOf: fixture("atlas-desikankilliany.nii.gz"))
        #expect(n.dims == [146, 182, 155])
        #expect(n.voxelSize == [1, 1, 1])
        #expect(n.datatype == .uint8)
        #expect(n.affineSource == .sform)
        #expect(n.affine == [[1, 0, 0, -73], [0, 1, 0, -107], [0, 0, 1, -72], [0, 0, 0, 1]])
        let labels = try n.integerValues()
        #expect(labels.count == 146 * 182 * 155)
        #expect(labels.reduce(0) { $0 + Int($1) } == 35_204_465)
        #expect(labels.filter { $0 != 0 }.count == 819_621)
        var histogram = [Int](repeating: 0, count: 84)
        for l in labels { histogram[Int(l)] += 1 }
        #expect(histogram[1] == 3946 && histogram[24] == 14934 && histogram[35] == 11087 && histogram[83] == 31021)
        #expect(n.rawValue(1, 69, 66) == 14)
        #expect(n.rawValue(26, 87, 88) == 21)
        #expect(n.rawValue(58, 160, 48) == 11)
        #expect(n.rawValue(84, 52, 102) == 65)
        #expect(n.rawValue(135, 49, 98) == 71)
    }

    @Test func mialHasBothFormsAndPrefersSform() throws {
        let n = try NIfTIFile(contentsOf: fixture("tpl-MNI152NLin2009cAsym_res-01_atlas-MIAL67ThalamicNuclei_dseg.nii.gz"))
        #expect(n.qformCode == 4 && n.sformCode == 4 && n.affineSource == .sform)
        #expect(n.affine == [[1, 0, 0, -96], [0, 1, 0, -132], [0, 0, 1, -78], [0, 0, 0, 1]])
        let values = n.floatValues()
        #expect(values.reduce(0.0) { $0 + Double($1) } == 177_550)
        #expect(values.filter { $0 != 0 }.count == 24_479)
        #expect(n.value(69, 100, 79) == 1)
        #expect(n.value(94, 121, 86) == 2)
        let ras = n.rasPosition(96, 132, 78)
        #expect(ras.x == 0 && ras.y == 0 && ras.z == 0)
    }

    @Test func int16WithSlopeAndIntercept() throws {
        let n = try NIfTIFile(contentsOf: fixture("t1_crop_int16_scaled.nii.gz"))
        #expect(n.datatype == .int16 && n.datatype.name == "int16")
        #expect(abs(n.sclSlope - 0.0015134145505726337) < 1e-15)
        #expect(abs(n.sclInter - 49.57891845703125) < 1e-12)
        #expect(n.rawValue(0, 0, 0) == 14445)
        #expect(n.rawValue(16, 22, 18) == -16944)
        #expect(abs(Double(n.value(0, 0, 0)) - 71.44019164005294) < 1e-4)
        #expect(abs(Double(n.value(16, 22, 18)) - 23.935622312128544) < 1e-4)
        #expect(abs(Double(n.value(31, 31, 31)) - 69.76030148891732) < 1e-4)
        let all = n.floatValues()
        #expect(abs(Double(all[n.index(5, 6, 7)]) - 76.94448036048561) < 1e-4)
        #expect(abs(all.reduce(0.0) { $0 + Double($1) } - 2_270_402.8185424954) < 1)
    }

    @Test func qformWithNegativeQfacAndBothByteOrders() throws {
        let expected: [[Double]] = [[1.4330047378113513, -0.5910403955515435, 0, 10],
                                    [0.44328029666365765, 1.9106729837484684, 0, -20],
                                    [0, 0, -2.5, 30], [0, 0, 0, 1]]
        // (file, type, value at (4,3,2), value at (1,2,0), sum of all values)
        let cases: [(String, NIfTIDataType, Double, Double, Double)] = [
            ("qform_be_float32.nii", .float32, -67.56622314453125, -190.1222686767578, -1256.0818987563252),
            ("qform_le_float64.nii", .float64, 19.27459126050724, -25.019540051792493, -501.0350337548065),
            ("qform_be_int32.nii", .int32, -4901, 1014, 1_364_892),
            ("qform_le_uint16.nii", .uint16, 59856, 30766, 2_101_512),
        ]
        for (name, type, a, b, sum) in cases {
            let n = try NIfTIFile(contentsOf: fixture(name))
            #expect(n.datatype == type, "\(name)")
            #expect(n.affineSource == .qform, "\(name)")
            #expect(n.isBigEndian == name.contains("_be_"), "\(name)")
            for r in 0 ..< 4 { for c in 0 ..< 4 { #expect(abs(n.affine[r][c] - expected[r][c]) < 1e-5, "\(name) [\(r)][\(c)]") } }
            #expect(n.rawValue(4, 3, 2) == a, "\(name)")
            #expect(n.rawValue(1, 2, 0) == b, "\(name)")
            let total = n.floatValues().reduce(0.0) { $0 + Double($1) }
            #expect(abs(total - sum) < 1e-3 * max(1, abs(sum)) , "\(name)")
        }
    }

    @Test func integerValuesUseScaling() throws {
        var bytes = [UInt8](try Data(contentsOf: fixture("qform_le_uint16.nii")))
        let plain = try NIfTIFile(bytes: bytes, name: "plain.nii")
        let raw = try plain.integerValues()
        func setScaling(_ slope: Float, _ inter: Float) {
            // scl_slope and scl_inter are the f32 at bytes 112 and 116 (little-endian file).
            withUnsafeBytes(of: slope.bitPattern.littleEndian) { bytes.replaceSubrange(112..<116, with: $0) }
            withUnsafeBytes(of: inter.bitPattern.littleEndian) { bytes.replaceSubrange(116..<120, with: $0) }
        }
        setScaling(2, -1)
        #expect(try NIfTIFile(bytes: bytes, name: "s.nii").integerValues() == raw.map { 2 * $0 - 1 })
        setScaling(0, 5)  // slope 0 means "no scaling" (NIfTI standard)
        #expect(try NIfTIFile(bytes: bytes, name: "z.nii").integerValues() == raw)
        setScaling(0.5, 0)
        if raw.contains(where: { $0 % 2 != 0 }) {
            let e = #expect(throws: FormatError.self) { try NIfTIFile(bytes: bytes, name: "half.nii").integerValues() }
            #expect(e?.file == "half.nii" && e?.message.contains("scl_slope 0.5") == true)
        }
        // The real scaled T1 crop is not a label volume: --labels refuses it with the scaled value.
        let t1 = try NIfTIFile(contentsOf: fixture("t1_crop_int16_scaled.nii.gz"))
        let e = #expect(throws: FormatError.self) { try t1.integerValues() }
        #expect(e?.field == "voxel 0" && e?.message.contains("scaled value 71.44") == true)
    }

    @Test func integerValuesRejectFractionalFloats() throws {
        let n = try NIfTIFile(contentsOf: fixture("qform_be_float32.nii"))
        #expect(throws: FormatError.self) { try n.integerValues(file: "qform_be_float32.nii") }
    }

    @Test func truncatedDataIsATypedError() throws {
        let bytes = [UInt8](try Data(contentsOf: fixture("qform_le_uint16.nii")))
        let error = #expect(throws: FormatError.self) { try NIfTIFile(bytes: Array(bytes.dropLast(10)), name: "cut.nii") }
        #expect(error?.file == "cut.nii" && error?.field == "dim")
    }

    @Test func headerCannotClaimHugeData() throws {
        var bytes = [UInt8](try Data(contentsOf: fixture("qform_le_uint16.nii")))
        // dim[1..3] = 32767³ voxels: must be refused against the file size, not allocated.
        for k in 1 ... 3 { bytes[40 + 2 * k] = 0xFF; bytes[41 + 2 * k] = 0x7F }
        let error = #expect(throws: FormatError.self) { try NIfTIFile(bytes: bytes, name: "huge.nii") }
        #expect(error?.description.contains("huge.nii: dim:") == true)
    }

    @Test func badMagicAndDatatypeAndShortHeader() throws {
        let good = [UInt8](try Data(contentsOf: fixture("qform_le_uint16.nii")))
        var magic = good
        magic[345] = UInt8(ascii: "x")
        #expect(throws: FormatError.self) { try NIfTIFile(bytes: magic, name: "m.nii") }
        var type = good
        type[70] = 99
        let e = #expect(throws: FormatError.self) { try NIfTIFile(bytes: type, name: "t.nii") }
        #expect(e?.field == "datatype")
        #expect(throws: FormatError.self) { try NIfTIFile(bytes: Array(good.prefix(100)), name: "s.nii") }
        var dims = good
        dims[40] = 0
        #expect(throws: FormatError.self) { try NIfTIFile(bytes: dims, name: "d.nii") }
    }
}
