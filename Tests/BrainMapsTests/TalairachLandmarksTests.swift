import BrainAtlas
import Foundation
import Testing
@testable import BrainFormats
@testable import BrainMaps

/// `.tal` landmarks: read, their piecewise warp, and an AC-PC map taken through them into Talairach space.
@Suite struct TalairachLandmarksTests {
    /// A subject's landmarks as BrainVoyager writes them (BV voxel coordinates of the AC-PC VMR): a larger brain than the atlas's.
    static let text = """
        FileVersion: 2

        AC:  128  128  128
        PC:  156  128  128
        AP:  60  128  128
        PP:  236  128  128
        SP:  128  50  128
        IP:  128  176  128
        RP:  128  128  56
        LP:  128  128  202

        TALVMRFramingCube:  256
        TALVMRVoxelRes:  1
        """

    static func landmarks() throws -> TalairachLandmarks { try TalairachLandmarks(data: Data(text.utf8), name: "sub01.tal") }

    @Test func eachLandmarkGoesToTheAtlasLandmarkAndTheWarpInverts() throws {
        let tal = try Self.landmarks()
        for (subject, atlas) in zip(tal.points, TalairachLandmarks.atlas) {
            // Only the landmark's own axis is defined by it (the AC by all three).
            let warped = tal.warp(subject)
            if subject == tal.points[0] { #expect(warped == atlas) }
            for axis in 0..<3 where subject[axis] != 128 { #expect(abs(warped[axis] - atlas[axis]) < 1e-12, "\(subject) → \(warped)") }
        }
        // Halfway between AC and PC lands halfway between the atlas's: 128 + 23 / 2.
        #expect(abs(tal.warp(SIMD3(142, 128, 128)).x - 139.5) < 1e-12)
        // Beyond the anterior point the brain shifts with it: 10 voxels in front of AP stay 10 in front of the atlas's AP.
        #expect(abs(tal.warp(SIMD3(50, 128, 128)).x - 48) < 1e-12)
        // In Talairach millimetres: the subject's PC lies 23 mm behind the AC, its left point 68 mm to the left.
        let pc = tal.talairach(fromACPC: CanonicalFrame.ras(ofBV: SIMD3(156, 128, 128)))
        #expect(abs(pc.y + 23) < 1e-12 && abs(pc.x) < 1e-12)
        #expect(abs(tal.talairach(fromACPC: CanonicalFrame.ras(ofBV: SIMD3(128, 128, 202))).x + 68) < 1e-12)
        for p in [SIMD3(-50.5, 30.25, 12.0), SIMD3(70, -110, -60), SIMD3(0, 0, 0), SIMD3(80, 90, 95)] {
            let back = tal.talairach(fromACPC: tal.talairach(fromACPC: p), inverse: true)
            #expect(((back - p) * (back - p)).sum() < 1e-20, "\(p) → \(back)")
        }
        // The atlas's own landmarks warp nothing.
        let atlas = try TalairachLandmarks(points: TalairachLandmarks.atlas, file: "atlas.tal")
        #expect(atlas.warp(SIMD3(33, 77, 190)) == SIMD3(33, 77, 190))
    }

    @Test func badFilesAreRefusedNamingTheField() {
        let missing = Self.text.replacingOccurrences(of: "LP:  128  128  202", with: "")
        let e1 = #expect(throws: FormatError.self) { try TalairachLandmarks(data: Data(missing.utf8), name: "a.tal") }
        #expect(e1?.field == "LP" && e1?.file == "a.tal")
        let crossed = Self.text.replacingOccurrences(of: "PC:  156", with: "PC:  100")
        let e2 = #expect(throws: FormatError.self) { try TalairachLandmarks(data: Data(crossed.utf8), name: "b.tal") }
        #expect(e2?.field.hasPrefix("AP, AC, PC, PP") == true)
        let half = Self.text.replacingOccurrences(of: "TALVMRVoxelRes:  1", with: "TALVMRVoxelRes:  0.5")
        #expect(throws: FormatError.self) { try TalairachLandmarks(data: Data(half.utf8), name: "c.tal") }
    }

    /// A blob defined in Talairach space, sampled on the subject's AC-PC grid through the inverse warp, comes back
    /// through the `.tal` at its Talairach position and size, as the same blob written straight in Talairach space.
    @Test func anACPCMapGoesThroughItsTalFileToTalairachSpace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tal = try Self.landmarks()
        let centre = SIMD3<Double>(-36, -20, 48)
        func activity(talairach p: SIMD3<Double>) -> Float {
            let d = p - centre
            return Float(6 * exp(-(d * d).sum() / (2 * 36)))
        }
        func vmp(start: SIMD3<Int32>, size: Int32, value: (SIMD3<Double>) -> Float) -> VMPFile {
            let box = VMPFile(maps: [], start: start, end: start &+ SIMD3(repeating: 2 * size), resolution: 2, values: MapValues([]))
            var values: [Float] = []
            for k in 0..<Int(size) { for j in 0..<Int(size) { for i in 0..<Int(size) {
                values.append(value(NativeMapTests.apply(box.canonicalAffine, SIMD3(Double(i), Double(j), Double(k)))))
            } } }
            var map = VMPMap(name: "blob", threshold: 3, upperThreshold: 6)
            map.degreesOfFreedom1 = 40
            return VMPFile(maps: [map], start: start, end: box.end, resolution: 2, values: MapValues(values))
        }
        // The Talairach copy: a box around (−36, −20, 48), i.e. BV voxels near (148, 80, 164).
        let talFile = dir.appendingPathComponent("blob_TAL.vmp")
        try vmp(start: SIMD3(124, 56, 140), size: 24) { activity(talairach: $0) }.encoded().write(to: talFile)
        // The AC-PC copy: the subject's brain is larger, so the blob lies further out; sample through the warp.
        let acpcCentre = CanonicalFrame.bv(ofRAS: tal.talairach(fromACPC: centre, inverse: true))
        let start = SIMD3<Int32>(Int32(acpcCentre.x) - 26, Int32(acpcCentre.y) - 26, Int32(acpcCentre.z) - 26)
        let acpcFile = dir.appendingPathComponent("blob.vmp")
        try vmp(start: start, size: 26) { activity(talairach: tal.talairach(fromACPC: $0)) }.encoded().write(to: acpcFile)
        let talPath = dir.appendingPathComponent("sub01.tal")
        try Data(Self.text.utf8).write(to: talPath)

        let warped = try MapVolume.load(acpcFile, normalisation: try MapNormalisation.load(vmr: nil, trfs: [], tal: talPath.path))
        let straight = try MapVolume.load(talFile)
        #expect(warped.space == .talairach && warped.voxelVolume == 8)
        let options = ClusterOptions(threshold: 3)
        let a = try ClusterFinder.clusters(in: warped, options: options), b = try ClusterFinder.clusters(in: straight, options: options)
        try #require(a.count == 1 && b.count == 1)
        let peak = Talairach.talairach(fromMNI: a[0].peakMNI)
        #expect(((peak - centre) * (peak - centre)).sum().squareRoot() < 0.01, "peak at Talairach \(peak)")
        #expect(abs(a[0].peakValue - 6) < 0.15, "peak value \(a[0].peakValue)")
        #expect(abs(a[0].sizeMm3 - b[0].sizeMm3) / b[0].sizeMm3 < 0.1, "sizes \(a[0].sizeMm3) vs \(b[0].sizeMm3)")
        // A .tal follows an AC-PC chain; after an MNI normalisation it is refused by name.
        let e = #expect(throws: FormatError.self) {
            try MapVolume.load(acpcFile, normalisation: try MapNormalisation.load(vmr: nil, trfs: [NativeMapTests.mniTRF], tal: talPath.path))
        }
        #expect(e?.file == "sub01.tal")
    }
}
