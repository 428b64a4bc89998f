import Testing
@testable import AtlasBuild

/// The band a subcortical surface is held in: the nearest boundary point of a voxel mask, and the
/// hold that moves a vertex straight toward it, on a 2 mm grid so millimetres and voxels differ.
@Suite struct LabelBandTests {
    /// A 4×4×4 block of voxels in an 8³ grid, 2 mm voxels, voxel (0, 0, 0) at (10, 20, 30) mm:
    /// the block spans 13…21 mm in x, 23…31 in y, 33…41 in z.
    static let boundary: LabelBoundary = {
        var v = [UInt8](repeating: 0, count: 8 * 8 * 8)
        for z in 2 ..< 6 { for y in 2 ..< 6 { for x in 2 ..< 6 { v[x + 8 * (y + 8 * z)] = 1 } } }
        return LabelBoundary(mask: VoxelMask(dims: SIMD3(8, 8, 8), voxels: v),
                             voxelToMM: [[2, 0, 0, 10], [0, 2, 0, 20], [0, 0, 2, 30]])
    }()

    @Test func nearestPointLiesOnTheBoundary() throws {
        // Beside the +x face, beyond an edge, beyond a corner, and inside near the −z face.
        let cases: [(SIMD3<Float>, SIMD3<Float>)] = [
            (SIMD3(23, 27, 37), SIMD3(21, 27, 37)),
            (SIMD3(23, 33, 37), SIMD3(21, 31, 37)),
            (SIMD3(22, 32, 42), SIMD3(21, 31, 41)),
            (SIMD3(17, 27, 34), SIMD3(17, 27, 33)),
        ]
        for (p, expected) in cases {
            let (d, point) = Self.boundary.nearest(p)
            let q = try #require(point)
            #expect(((q - expected) * (q - expected)).sum() < 1e-8, "\(p): \(q)")
            #expect(abs(d - Double(((p - q) * (p - q)).sum().squareRoot())) < 1e-5)
            #expect(Self.boundary.distance(q) < 1e-5)
        }
    }

    @Test func holdMovesOnlyVerticesOutsideTheBandAndOnlyToItsEdge() {
        let band = LabelBand(boundary: Self.boundary, limit: 1.4)
        // 2 mm outside the +x face, 3 mm inside it (4 mm or more from every other face), 1 mm
        // outside the +y face.
        var v: [SIMD3<Float>] = [SIMD3(23, 27, 37), SIMD3(18, 27, 37), SIMD3(17, 32, 37)]
        var holder = band.holder(for: v)
        holder.hold(&v)
        #expect(abs(v[0].x - 22.4) < 1e-5 && v[0].y == 27 && v[0].z == 37, "\(v[0])")
        #expect(abs(v[1].x - 19.6) < 1e-5 && v[1].y == 27, "\(v[1])")
        #expect(v[2] == SIMD3(17, 32, 37))
        // Moved back out, a vertex is pulled in again; once inside, nothing moves.
        v[2] = SIMD3(17, 35, 37)
        holder.hold(&v)
        #expect(abs(v[2].y - 32.4) < 1e-5, "\(v[2])")
        let before = v
        holder.hold(&v)
        #expect(v == before)
    }
}
