import Foundation
import Testing
@testable import BrainFormats

@Suite struct CoordinatesTests {
    @Test func canonicalMatrixAndInverse() {
        let f = VolumeFrame.canonical
        #expect(f.voxelToRAS == [[0, 0, -1, 128], [-1, 0, 0, 128], [0, -1, 0, 128], [0, 0, 0, 1]])
        #expect(f.ras(voxel: [128, 128, 128]) == .zero)
        #expect(f.ras(voxel: [0, 0, 0]) == [128, 128, 128])
        // CONVENTIONS: mniX = 128 − z, mniY = 128 − x, mniZ = 128 − y.
        #expect(f.ras(voxel: [10, 20, 30]) == [98, 118, 108])
        #expect(f.voxel(ras: [98, 118, 108]) == [10, 20, 30])
        // Halves away from zero in mm: MNI (−0.5, 0.5, 0.49) → (−1, 1, 0) → voxel (127, 128, 129).
        #expect(f.nearestVoxel(ras: [-0.5, 0.5, 0.49]) == [127, 128, 129])
        #expect(f.nearestVoxel(ras: [2.5, -2.5, -0.51]) == [131, 129, 125])
        #expect(f.nearestVoxel(ras: [10.2, -3.7, 0]) == [132, 128, 118])
    }

    @Test func matrixAgreesWithFunctionsOnAnisotropicOffsetFrame() {
        let f = VolumeFrame(voxelSize: [0.9925374, 0.99, 0.9925373], offset: [3, -2, 5], framingCubeDim: 179)
        let m = f.voxelToRAS, inv = f.rasToVoxel
        for v in [SIMD3<Double>(0, 0, 0), [89, 16, 67], [178.5, 32, 134]] {
            let p = f.ras(voxel: v)
            for r in 0..<3 {
                let viaMatrix = m[r][0] * v.x + m[r][1] * v.y + m[r][2] * v.z + m[r][3]
                #expect(abs(viaMatrix - p[r]) < 1e-9)
                let back = inv[r][0] * p.x + inv[r][1] * p.y + inv[r][2] * p.z + inv[r][3]
                #expect(abs(back - v[r]) < 1e-9)
            }
            let roundTrip = f.voxel(ras: p)
            #expect(abs(roundTrip.x - v.x) < 1e-9 && abs(roundTrip.y - v.y) < 1e-9 && abs(roundTrip.z - v.z) < 1e-9)
        }
        // Determinant −1 (times the voxel volume): the BV frame mirrors RAS.
        let a = m
        let det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        #expect(det < 0)
    }

    /// The real sub-test03 VMR and VOI: the VOI's BV voxel indices address the VMR through the VOI's
    /// original-VMR frame, which equals the VMR's own frame.
    @Test func realVOIVoxelsMapThroughRealVMRFrame() throws {
        let vmr = try VMRFile.read(from: Fixtures.url("bvbabel/sub-test03.vmr"))
        let voi = try VOIFile.read(from: Fixtures.url("bvbabel/sub-test03.voi"))
        let vf = vmr.frame, of = voi.originalFrame
        #expect(of.framingCubeDim == vf.framingCubeDim)
        #expect(abs(of.voxelSize.x - vf.voxelSize.x) < 1e-6 && abs(of.voxelSize.y - vf.voxelSize.y) < 1e-6)
        for v in voi.vois.flatMap(\.voxels) {
            let mm = of.bvMillimetres(voxel: SIMD3<Double>(v))
            let back = vf.voxel(bvMillimetres: mm)
            #expect(abs(back.x - Double(v.x)) < 1e-3 && abs(back.y - Double(v.y)) < 1e-3 && abs(back.z - Double(v.z)) < 1e-3)
            #expect(vmr.voxel(Int(v.x), Int(v.y), Int(v.z)) != nil)
        }
        // Sample (84,7,23) is the first voxel of "test voi 1"; EXPECTED.json gives 173 there.
        #expect(vmr.voxel(84, 7, 23) == 173)
        // Centre of the 179-cube in BV mm is 179·r/2; its RAS is the origin.
        let c = vf.centre
        #expect(abs(c.x - 179 * 0.9925374 / 2) < 1e-4)
        let o = vf.ras(bvMillimetres: c)
        #expect(abs(o.x) < 1e-9 && abs(o.y) < 1e-9 && abs(o.z) < 1e-9)
    }

    /// docs/file-formats.md §2.5: left-hemisphere vertex 0 of the unshipped sub-test01 mesh is at BV (140.49, 109.09, 167.66)
    /// and must land in the left hemisphere at TAL (−39.66, −12.49, +18.91).
    @Test func quotedHemisphereVertexLandsLeft() {
        let tal = VolumeFrame.canonical.ras(bvMillimetres: [140.49, 109.09, 167.66])
        #expect(abs(tal.x + 39.66) < 1e-6 && abs(tal.y + 12.49) < 1e-6 && abs(tal.z - 18.91) < 1e-6)
    }

    @Test func referenceSpaceCodes() {
        #expect((0...4).map { ReferenceSpace(vmrCode: UInt8($0)) } == [.unknown, .native, .acpc, .talairach, .mni])
        #expect(ReferenceSpace(vmrCode: 9) == .other(9))
        #expect(ReferenceSpace(voiName: "tal") == .talairach)
        #expect(ReferenceSpace(voiName: "BV") == .unknown)
        #expect(ReferenceSpace(voiName: "XYZ") == nil)
        #expect(ReferenceSpace.mni.voiName == "MNI")
    }
}

@Suite struct VOICoordinateTests {
    @Test func bvVOIVoxelsLandOnTheSameVMRVoxels() throws {
        let vmr = try VMRFile.read(from: Fixtures.url("bvbabel/sub-test03.vmr"))
        let voi = try VOIFile.read(from: Fixtures.url("bvbabel/sub-test03.voi"))
        for c in voi.vois[0].voxels {
            #expect(voi.voxel(c, in: vmr.frame, dims: vmr.dims) == SIMD3<Int>(truncatingIfNeeded: c))
            let ras = voi.rasMillimetres(c)
            let back = vmr.frame.voxel(ras: ras)
            #expect(abs(back.x - Double(c.x)) < 1e-3 && abs(back.z - Double(c.z)) < 1e-3)  // header text 0.992537 vs f32 0.9925374
        }
    }

    @Test func mniVOIMapsThroughTheCanonicalFrame() throws {
        let text = "FileVersion: 4\nReferenceSpace: MNI\nNrOfVOIs: 1\nNameOfVOI: a\nColorOfVOI: 1 2 3\nNrOfVoxels: 2\n-38 -10 50\n200 0 0\n"
        let voi = try VOIFile(data: Data(text.utf8), name: "mni.voi")
        #expect(voi.rasMillimetres(voi.vois[0].voxels[0]) == [-38, -10, 50])
        #expect(voi.voxel(voi.vois[0].voxels[0], in: .canonical, dims: [256, 256, 256]) == [138, 78, 166])
        #expect(voi.voxel(voi.vois[0].voxels[1], in: .canonical, dims: [256, 256, 256]) == nil)
    }

    @Test func srfDisplayColors() throws {
        let srf = try SRFFile.read(from: Fixtures.url("bvbabel/sub-test03_cube.srf"))
        #expect(srf.displayColor(ofVertex: 0) == [116, 173, 209])
        var copy = srf
        copy.colors[0] = 1
        copy.colors[1] = 10_004
        #expect(copy.displayColor(ofVertex: 0) == [116, 173, 209])  // this file's concave = convex colour
        #expect(copy.displayColor(ofVertex: 1) == [116, 173, 209])
    }
}
