import Foundation
import Testing
@testable import BrainFormats
@testable import BrainMaps

/// A native VMP with the subject's MNI TRF gives the clusters the same activity gives when written in MNI space.
@Suite struct NativeMapTests {
    static let trfFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bv/bvbabel/trf")
    static let mniTRF = trfFolder.appendingPathComponent("sub-test06_fileversion-8_transformationtype2_cMNI_a12.trf").path

    /// A smooth blob of activity around an MNI point (value 6 at its centre, σ 6 mm: 7 mm radius at 3).
    static func activity(_ p: SIMD3<Double>) -> Float {
        let d = p - SIMD3(-36, -20, 48)
        return Float(6 * exp(-(d * d).sum() / (2 * 36)))
    }

    /// `m` (rows of 4) applied to a point.
    static func apply(_ m: [[Double]], _ p: SIMD3<Double>) -> SIMD3<Double> {
        var out = SIMD3<Double>()
        for r in 0..<3 {
            let sum: Double = m[r][0] * p.x + m[r][1] * p.y + m[r][2] * p.z
            out[r] = sum + m[r][3]
        }
        return out
    }

    /// A VMP of `activity` sampled at each map voxel's MNI position under `affine` (rows of 4).
    static func vmp(start: SIMD3<Int32>, size: Int32, affine: [[Double]]) -> VMPFile {
        let n = Int(size)
        var values: [Float] = []
        for k in 0..<n { for j in 0..<n { for i in 0..<n {
            let v = SIMD3(Double(i), Double(j), Double(k))
            values.append(activity(apply(affine, v)))
        } } }
        var map = VMPMap(name: "blob", threshold: 3, upperThreshold: 6)
        map.degreesOfFreedom1 = 40
        return VMPFile(maps: [map], start: start, end: start &+ SIMD3(repeating: size), resolution: 1, values: MapValues(values))
    }

    @Test func nativeAndMNICopiesOfOneBlobGiveTheSameCluster() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("native-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let normalisation = try #require(try MapNormalisation.load(vmr: nil, trfs: [Self.mniTRF]))
        let chain = try #require(normalisation.chain)

        // MNI copy: the box around MNI (−36, −20, 48), i.e. VMR voxels near (148, 80, 164).
        let mniBox = VMPFile(maps: [], start: SIMD3(128, 60, 144), end: SIMD3(168, 100, 184), resolution: 1, values: MapValues([]))
        let mniFile = dir.appendingPathComponent("blob_MNI.vmp")
        try Self.vmp(start: mniBox.start, size: 40, affine: mniBox.canonicalAffine).encoded().write(to: mniFile)

        // Native copy: find where the blob's centre lies in the native VMR, then sample through the chain.
        let toMNI = chain.voxelToTargetRAS(source: .canonical)
        let toNative = try #require(TRFChain.inverse(toMNI))
        let centre = Self.apply(toNative, SIMD3(-36, -20, 48))
        let start = SIMD3<Int32>(Int32(centre.x.rounded()) - 22, Int32(centre.y.rounded()) - 22, Int32(centre.z.rounded()) - 22)
        let nativeBox = VMPFile(maps: [], start: start, end: start &+ 44, resolution: 1, values: MapValues([]))
        let (affine, _) = try nativeBox.placement(vmr: nil, chain: chain, fileName: "blob.vmp", purpose: "a test")
        let nativeFile = dir.appendingPathComponent("blob.vmp")
        try Self.vmp(start: start, size: 44, affine: affine).encoded().write(to: nativeFile)

        #expect(throws: (any Error).self) { try MapVolume.load(nativeFile) }  // native without its TRF
        let native = try MapVolume.load(nativeFile, normalisation: normalisation)
        let mni = try MapVolume.load(mniFile)
        #expect(native.space == .mni)
        let options = ClusterOptions(threshold: 3)
        let a = try ClusterFinder.clusters(in: native, options: options), b = try ClusterFinder.clusters(in: mni, options: options)
        try #require(a.count == 1 && b.count == 1)
        let peakDelta: SIMD3<Double> = a[0].peakMNI - b[0].peakMNI
        let peakGap = (peakDelta * peakDelta).sum().squareRoot()
        #expect(peakGap <= 1.5, "peaks \(a[0].peakMNI) vs \(b[0].peakMNI)")
        let centreDelta: SIMD3<Double> = a[0].centreOfMass - b[0].centreOfMass
        let centreGap = (centreDelta * centreDelta).sum().squareRoot()
        #expect(centreGap < 0.5, "centres \(a[0].centreOfMass) vs \(b[0].centreOfMass)")
        // The a12 normalisation scales the brain: native voxels are not 1 mm³ in MNI, and sizes agree only in mm³.
        #expect(abs(native.voxelVolume - 1) > 0.05)
        #expect(abs(a[0].sizeMm3 - b[0].sizeMm3) / b[0].sizeMm3 < 0.05, "sizes \(a[0].sizeMm3) vs \(b[0].sizeMm3)")
    }

    @Test func a512CubeMNIMapIsReadAtHalfMillimetreVoxels() throws {
        var vmp = VMPFile(maps: [VMPMap(name: "m", threshold: 1, upperThreshold: 2)], start: SIMD3(256, 256, 256), end: SIMD3(258, 258, 258),
                          resolution: 1, vmrDims: SIMD3(repeating: 512), values: MapValues([Float](repeating: 1, count: 8)))
        vmp.maps[0].degreesOfFreedom1 = 10
        let (affine, space) = try vmp.placement(vmr: nil, chain: nil, fileName: "hires_MNI.vmp", purpose: "a test")
        #expect(space == .mni)
        // VMR voxel 256 of a 0.5 mm, 512-voxel cube is its centre: MNI 0; the next voxel is 0.5 mm on.
        #expect(affine[0][3] == 0 && affine[1][3] == 0 && affine[2][3] == 0)
        #expect(affine[1][0] == -0.5 && affine[2][1] == -0.5 && affine[0][2] == -0.5)
        var odd = vmp
        odd.vmrDims = SIMD3(176, 256, 256)
        #expect(throws: FormatError.self) { try odd.placement(vmr: nil, chain: nil, fileName: "s_MNI.vmp", purpose: "a test") }
        let anisotropic = VolumeFrame(voxelSize: SIMD3(0.9925, 0.99, 0.9925), framingCubeDim: 256)
        let (b, _) = try odd.placement(vmr: anisotropic, chain: nil, fileName: "s_MNI.vmp", purpose: "a test")
        #expect(abs(b[1][0] + 0.9925) < 1e-12 && abs(b[2][1] + 0.99) < 1e-12)
    }
}
