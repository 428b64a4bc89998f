import Foundation
import Testing
import BrainAtlas
import BrainFormats
@testable import BrainMaps

@Suite struct ClusterFinderTests {
    /// A 2 mm MNI grid (i right to left) with Gaussian blobs: value = height · exp(−r² / 2σ²).
    static func blobs(_ centres: [(mni: SIMD3<Double>, height: Float, sigma: Double)]) -> MapVolume {
        let dims = SIMD3(91, 109, 91)
        let affine: [[Double]] = [[-2, 0, 0, 90], [0, 2, 0, -126], [0, 0, 2, -72]]
        var values = [Float](repeating: 0, count: dims.x * dims.y * dims.z)
        for k in 0..<dims.z { for j in 0..<dims.y { for i in 0..<dims.x {
            let p = SIMD3(90 - 2 * Double(i), -126 + 2 * Double(j), -72 + 2 * Double(k))
            var v: Float = 0
            for c in centres {
                let d = p - c.mni
                v += c.height * Float(exp(-(d * d).sum() / (2 * c.sigma * c.sigma)))
            }
            values[i + dims.x * (j + dims.y * k)] = v
        } } }
        return MapVolume(name: "blobs", values: values, dims: dims, affine: affine, space: .mni)
    }

    @Test func peaksAndSizesOfGaussianBlobs() throws {
        let map = Self.blobs([(SIMD3(-40, -20, 50), 8, 4), (SIMD3(30, 20, -10), -6, 3), (SIMD3(10, -80, 6), 5, 2)])
        let clusters = try ClusterFinder.clusters(in: map, options: ClusterOptions(threshold: 3, twoSided: true))
        #expect(clusters.count == 3)
        #expect(clusters.map(\.sign) == [1, -1, 1])
        #expect(clusters[0].peakMNI == SIMD3(-40, -20, 50) && clusters[0].peakValue == 8)
        #expect(clusters[1].peakMNI == SIMD3(30, 20, -10) && clusters[1].peakValue == -6)
        #expect(clusters[2].peakMNI == SIMD3(10, -80, 6))
        // A blob above T is the ball r² ≤ 2σ² ln(h/T): count the grid points inside it independently.
        for (c, (centre, h, sigma)) in zip(clusters, [(SIMD3<Double>(-40, -20, 50), 8.0, 4.0), (SIMD3(30, 20, -10), 6, 3), (SIMD3(10, -80, 6), 5, 2)]) {
            let r2 = 2 * sigma * sigma * log(h / 3)
            var inside = 0
            for x in stride(from: -30.0, through: 30, by: 2) { for y in stride(from: -30.0, through: 30, by: 2) { for z in stride(from: -30.0, through: 30, by: 2) {
                if x * x + y * y + z * z <= r2 { inside += 1 }
            } } }
            #expect(c.voxels.count == inside, "blob at \(centre)")
            #expect(c.sizeMm3 == Double(inside) * 8)
            let com = c.centreOfMass - centre
            #expect((com * com).sum() < 1e-9, "symmetric blob: centre of mass at its centre")
        }
    }

    @Test func connectivityMinimumSizeAndOneSidedness() throws {
        // Opposite corners of a 3³ box do not touch; a centre voxel joins them at 26 (corner) connectivity only.
        var values = [Float](repeating: 0, count: 27)
        values[0] = 5; values[26] = 4
        let map = MapVolume(name: "corner", values: values, dims: SIMD3(3, 3, 3), affine: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]], space: .mni)
        values[13] = 0
        #expect(try ClusterFinder.clusters(in: map, options: ClusterOptions(threshold: 1, connectivity: .corners)).count == 2)
        var touching = values
        touching[13] = 3  // the centre touches both corners diagonally
        let joined = MapVolume(name: "joined", values: touching, dims: SIMD3(3, 3, 3), affine: map.affine, space: .mni)
        #expect(try ClusterFinder.clusters(in: joined, options: ClusterOptions(threshold: 1, connectivity: .corners)).map(\.voxels.count) == [3])
        #expect(try ClusterFinder.clusters(in: joined, options: ClusterOptions(threshold: 1, connectivity: .edges)).count == 3)
        #expect(try ClusterFinder.clusters(in: joined, options: ClusterOptions(threshold: 1, minSizeMm3: 2)).count == 1)
        #expect(throws: FieldError("threshold", value: "-1.0", "must be > 0 (negative clusters: add {twoSided})")) {
            try ClusterFinder.clusters(in: joined, options: ClusterOptions(threshold: -1))
        }
    }

    @Test func localMaximaAreEightMillimetresApart() throws {
        // Two peaks 12 mm apart joined above threshold, and a shoulder 4 mm from the main peak.
        let map = Self.blobs([(SIMD3(-40, -20, 50), 8, 4), (SIMD3(-40, -8, 50), 7, 4)])
        let clusters = try ClusterFinder.clusters(in: map, options: ClusterOptions(threshold: 2))
        #expect(clusters.count == 1)
        let maxima = clusters[0].maxima
        #expect(maxima.count == 2)
        #expect(maxima[0].mni == SIMD3(-40, -20, 50))
        #expect(abs(maxima[1].mni.y - -8) <= 2 && maxima[1].mni.x == -40 && maxima[1].mni.z == 50)
    }
}
