import Foundation
import Testing
@testable import BrainFormats

@Suite struct MapConversionTests {
    @Test func vmpToNIfTIPlacesVoxelCentresInMNIAndKeepsValues() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("faces_MNI.vmp")
        try MapFixtures.data("two_maps_v6.vmp").write(to: input)
        let output = dir.appendingPathComponent("faces.nii.gz")
        try FormatRegistry.convert(input, to: output)
        let nifti = try NIfTIFile(contentsOf: output)
        let vmp = try VMPFile(data: MapFixtures.data("two_maps_v6.vmp"), name: "two_maps_v6.vmp")
        #expect(nifti.dims == [10, 8, 6, 2] && nifti.sformCode == 4 && nifti.affineSource == .sform)
        // Box start 100 at resolution 3: map voxel 0 covers VMR voxels 100…102, centre 101 → MNI 128 − 101 = 27 on each axis.
        let p = nifti.rasPosition(0, 0, 0)
        #expect(p.x == 27 && p.y == 27 && p.z == 27)
        let q = nifti.rasPosition(1, 2, 3)  // BV (104, 107, 110) → MNI (18, 24, 21)
        #expect(q.x == 18 && q.y == 24 && q.z == 21)
        #expect(nifti.floatValues() == vmp.values.floats, "values differ")
        #expect(nifti.intent.code == 0)  // a t and an F map: no single intent

        let back = dir.appendingPathComponent("back_MNI.vmp")
        try FormatRegistry.convert(output, to: back)
        let again = try VMPFile(data: Data(contentsOf: back), name: "back_MNI.vmp")
        #expect(again.start == vmp.start && again.end == vmp.end && again.resolution == vmp.resolution)
        #expect(zip(again.values.floats, vmp.values.floats).filter { $0 != $1 }.count == 0)
        #expect(again.maps.count == 2 && again.maps[1].upperThreshold == vmp.mapValues(1).floats.map(abs).max())
    }

    @Test func aSingleTMapKeepsItsStatisticInTheNIfTIIntent() throws {
        var map = VMPMap(name: "t", threshold: 3, upperThreshold: 8)
        map.degreesOfFreedom1 = 57
        let vmp = VMPFile(maps: [map], start: SIMD3(60, 70, 80), end: SIMD3(64, 72, 82), resolution: 2,
                          values: MapValues([3.5, -2]))
        let nifti = try FormatConverter.vmpToNIfTI.convert(vmp, ConversionOptions(sourceFileName: "one_TAL.vmp")) as! NIfTIFile
        #expect(nifti.intent.code == 3 && nifti.intent.p1 == 57 && nifti.sformCode == 3 && nifti.dims == [2, 1, 1])
        // Resolution 2: map voxel 0 covers 60…61, centre 60.5 → MNI y = 67.5.
        #expect(nifti.rasPosition(0, 0, 0).y == 67.5)
        let back = try FormatConverter.niftiToVMP.convert(nifti, ConversionOptions()) as! VMPFile
        #expect(back.maps[0].type.code == 1 && back.maps[0].degreesOfFreedom1 == 57)
        #expect(back.start == vmp.start && back.end == vmp.end && back.values.floats == vmp.values.floats)
    }

    @Test func nativeOrUnnamedMapsAreRefusedForExport() throws {
        let vmp = try VMPFile(data: MapFixtures.data("two_maps_v6.vmp"), name: "two_maps_v6.vmp")
        let error = try #require(throws: FormatError.self) {
            try FormatConverter.vmpToNIfTI.convert(vmp, ConversionOptions(sourceFileName: "sub01.vmp"))
        }
        #expect(error.field == "space" && error.description.contains("_MNI"))
        var small = vmp
        small.vmrDims = SIMD3(176, 256, 256)
        #expect(throws: FormatError.self) { try FormatConverter.vmpToNIfTI.convert(small, ConversionOptions(sourceFileName: "s_MNI.vmp")) }
    }

    @Test func aTwoMillimetreMNIImageBecomesAResolutionTwoVMPSampledTrilinearly() throws {
        // A 2 mm grid laid out as the usual MNI template (i runs right to left), MNI (0, 0, 0) at voxel (15, 18, 15).
        let affine: [[Double]] = [[-2, 0, 0, 30], [0, 2, 0, -36], [0, 0, 2, -30], [0, 0, 0, 1]]
        let dims = [31, 37, 31]
        var values = [Float](repeating: 0, count: dims.reduce(1, *))
        let peak = 15 + 31 * (18 + 37 * 15)
        values[peak] = 10  // MNI (0, 0, 0)
        let nifti = try NIfTIFile(float32: values, dims: dims, affine: affine, sformCode: 4, name: "mni2.nii")
        let vmp = try NIfTIToVMP.vmp(from: nifti)
        #expect(vmp.resolution == 2)
        let floats = vmp.values.floats
        let best = floats.indices.max { floats[$0] < floats[$1] }!
        let d = vmp.dims
        let ijk = SIMD3(best % d.x, (best / d.x) % d.y, best / (d.x * d.y))
        let a = vmp.canonicalAffine
        let mni = (0..<3).map { r in a[r][0] * Double(ijk.x) + a[r][1] * Double(ijk.y) + a[r][2] * Double(ijk.z) + a[r][3] }
        // Map voxel centres sit half a millimetre off the NIfTI's grid, so the peak is shared and lower.
        #expect(mni.allSatisfy { abs($0) <= 1 })
        #expect(floats[best] > 0 && floats[best] < 10)
        #expect(abs(floats.reduce(0, +) - 10) < 1e-3)  // trilinear weights of one voxel sum to its value
    }
}

@Suite struct VMRExportTests {
    @Test func aVMRBecomesAUInt8NIfTIWithItsFrameAsTheSform() throws {
        var vmr = try VMRFile(data: Fixtures.data("nibabel/test.vmr"), name: "test.vmr")
        vmr.referenceSpace = .unknown
        vmr.transformations = []  // so that only the name tells the space
        for (name, code) in [("test.vmr", 2), ("test_MNI.vmr", 4), ("test_TAL.vmr", 3)] {
            let nifti = try FormatConverter.vmrToNIfTI.convert(vmr, ConversionOptions(sourceFileName: name)) as! NIfTIFile
            #expect(nifti.datatype == .uint8 && nifti.dims == [vmr.dims.x, vmr.dims.y, vmr.dims.z])
            #expect(nifti.rawBytes == [UInt8](vmr.voxels))
            #expect(nifti.affine.prefix(3).map { $0.map(Float.init) } == vmr.frame.voxelToRAS.prefix(3).map { $0.map(Float.init) })
            #expect(nifti.sformCode == code, "\(name)")
        }
        // The canonical frame: voxel (128, 128, 128) is MNI (0, 0, 0) and x runs posterior.
        let canonical = VolumeFrame.canonical.voxelToRAS
        let image = try NIfTIFile(raw: [UInt8](repeating: 7, count: 8), datatype: .uint8, dims: [2, 2, 2], affine: canonical, sformCode: 4, name: "c.nii")
        let p = image.rasPosition(128, 128, 128), q = image.rasPosition(129, 128, 128)
        #expect(p.x == 0 && p.y == 0 && p.z == 0 && q.y == -1)
    }
}
