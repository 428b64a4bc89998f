import Foundation
import Testing
import BrainFormats
@testable import braintutor_bench

@Suite struct SyntheticFilesTests {
    /// The bench/fsaverage-sized icosphere has BV conventions: ring-ordered neighbours (12 of 5, rest 6)
    /// and faces whose (v1−v0)×(v2−v0) points the same way as the stored inward normals (docs/file-formats.md §4.5).
    @Test func icosphereFollowsBrainVoyagerConventions() throws {
        let srf = try SyntheticFiles.icosphereSRF(subdivisions: 3)
        #expect(srf.vertexCount == 642 && srf.triangleCount == 1280)
        var histogram: [Int: Int] = [:]
        for i in 0..<srf.vertexCount { histogram[srf.neighbours.count(of: i), default: 0] += 1 }
        #expect(histogram == [5: 12, 6: 630])
        for t in 0..<srf.triangleCount {
            let a = srf.vertices[Int(srf.triangles[3 * t])], b = srf.vertices[Int(srf.triangles[3 * t + 1])]
            let c = srf.vertices[Int(srf.triangles[3 * t + 2])]
            let face = cross(b - a, c - a)
            #expect(dot(face, srf.normals[Int(srf.triangles[3 * t])]) > 0)
        }
        // Inward: normals point toward the sphere centre (128,128,128).
        #expect(dot(srf.normals[0], SIMD3<Float>(128, 128, 128) - srf.vertices[0]) > 0)
        let back = try SRFFile(data: try srf.encoded(), name: "ico.srf")
        #expect(back.neighbours == srf.neighbours)
    }

    @Test func synthetic700kVOIParsesBack() throws {
        let voi = SyntheticFiles.voi(voxelCount: 7_000, regions: 7)
        let back = try VOIFile(data: voi.encoded(), name: "s.voi")
        #expect(back.vois.reduce(0) { $0 + $1.voxels.count } == 7_000)
        #expect(back.vois == voi.vois)
        #expect(back.referenceSpace == .mni)
    }
}

private func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }

private func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
