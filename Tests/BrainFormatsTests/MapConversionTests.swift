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
        // Box start 100 at resolution 3: map voxel 0 stands at VMR voxel 100 (BrainVoyager's placement) → MNI 128 − 100 = 28.
        let p = nifti.rasPosition(0, 0, 0)
        #expect(p.x == 28 && p.y == 28 && p.z == 28)
        let q = nifti.rasPosition(1, 2, 3)  // BV (103, 106, 109) → MNI (19, 25, 22)
        #expect(q.x == 19 && q.y == 25 && q.z == 22)
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
        // Resolution 2: map voxel 0 stands at VMR voxel 60 → MNI y = 68, a whole even millimetre as on 2 mm NIfTI grids.
        #expect(nifti.rasPosition(0, 0, 0).y == 68)
        let back = try FormatConverter.niftiToVMP.convert(nifti, ConversionOptions()) as! VMPFile
        #expect(back.maps[0].type.code == 1 && back.maps[0].degreesOfFreedom1 == 57)
        #expect(back.start == vmp.start && back.end == vmp.end && back.values.floats == vmp.values.floats)
    }

    @Test func aNativeMapKeepsItsVMRFrameUnderCodeOneAndOddGridsNeedTheVMR() throws {
        let vmp = try VMPFile(data: MapFixtures.data("two_maps_v6.vmp"), name: "two_maps_v6.vmp")
        let native = try FormatConverter.vmpToNIfTI.convert(vmp, ConversionOptions(sourceFileName: "sub01.vmp")) as! NIfTIFile
        // Code 1: the subject's own frame, which atlas look-ups refuse; its numbers are the VMR's centred RAS axes.
        #expect(native.sformCode == 1)
        let p = native.rasPosition(0, 0, 0)
        #expect(p.x == 28 && p.y == 28 && p.z == 28)
        var small = vmp
        small.vmrDims = SIMD3(176, 256, 256)
        let error = try #require(throws: FormatError.self) {
            try FormatConverter.vmpToNIfTI.convert(small, ConversionOptions(sourceFileName: "s_MNI.vmp"))
        }
        #expect(error.field == "DimX" && error.description.contains("--vmr"))
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
        // BrainVoyager places a 2 mm map voxel at whole even millimetres, so the grids agree and the peak is copied.
        #expect(mni.allSatisfy { $0 == 0 })
        #expect(floats[best] == 10)
        #expect(floats.filter { $0 != 0 }.count == 1)
    }
}

/// A one-voxel peak survives NIfTI → VMP → NIfTI at its MNI position and value (2 mm and 3 mm grids), and NaN becomes 0.
@Suite struct MapRoundTripTests {
    @Test(arguments: [2.0, 3.0]) func aOneVoxelPeakKeepsItsPositionAndValue(size: Double) throws {
        let dims = [21, 25, 25]
        // MNI (−12, 18, 24) is a voxel of both grids (origins at whole multiples of the voxel size).
        let origin = SIMD3(-10 * size, -12 * size, -9 * size)
        let affine: [[Double]] = [[size, 0, 0, origin.x], [0, size, 0, origin.y], [0, 0, size, origin.z], [0, 0, 0, 1]]
        let peakMNI = SIMD3(-12.0, 18.0, 24.0)
        let ijk = (peakMNI - origin) / size
        try #require(ijk == ijk.rounded(.toNearestOrAwayFromZero) && ijk.z < Double(dims[2]))
        var values = [Float](repeating: 0, count: dims.reduce(1, *))
        let peak = Int(ijk.x) + dims[0] * (Int(ijk.y) + dims[1] * Int(ijk.z))
        values[peak] = 7.25
        values[0] = .nan
        let nifti = try NIfTIFile(float32: values, dims: dims, affine: affine, sformCode: 4, name: "peak_MNI.nii")
        let vmp = try NIfTIToVMP.vmp(from: nifti)
        #expect(vmp.resolution == Int32(size))
        #expect(!vmp.values.floats.contains { $0.isNaN })
        let back = try FormatConverter.vmpToNIfTI.convert(vmp, ConversionOptions(sourceFileName: "peak_MNI.vmp")) as! NIfTIFile
        let floats = back.floatValues()
        let best = floats.indices.max { floats[$0] < floats[$1] }!
        #expect(floats[best] == 7.25)
        #expect(floats.filter { $0 != 0 }.count == 1)
        let d = back.dims
        let p = back.rasPosition(Double(best % d[0]), Double((best / d[0]) % d[1]), Double(best / (d[0] * d[1])))
        #expect(p.x == peakMNI.x && p.y == peakMNI.y && p.z == peakMNI.z)
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
