import Foundation
import Testing
@testable import AtlasBuild

private let identity: [[Double]] = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]

/// A grid of `n³` values from a function of the voxel position.
private func grid(_ n: Int, _ f: (Double, Double, Double) -> Float) -> [Float] {
    var out = [Float](repeating: 0, count: n * n * n)
    for z in 0 ..< n { for y in 0 ..< n { for x in 0 ..< n { out[x + n * (y + n * z)] = f(Double(x), Double(y), Double(z)) } } }
    return out
}

private func ball(_ n: Int, centre c: Double, radius r: Double) -> [Float] {
    grid(n) { x, y, z in ((x - c) * (x - c) + (y - c) * (y - c) + (z - c) * (z - c)).squareRoot() <= r ? 1 : 0 }
}

@Suite struct MarchingCubesTests {
    @Test func binaryBallIsAClosedSphereOfTheRightVolume() {
        let r = 10.0
        let mesh = MarchingCubes.extract(values: ball(26, centre: 12.5, radius: r), dims: SIMD3(26, 26, 26), iso: 0.5, voxelToMM: identity)
        #expect(mesh.isClosedAndConsistent)
        #expect(mesh.eulerCharacteristic == 2)
        let exact = 4 / 3 * Double.pi * r * r * r
        #expect(mesh.signedVolume > 0)
        #expect(abs(mesh.signedVolume - exact) / exact < 0.05, "volume \(mesh.signedVolume) vs \(exact)")
    }

    @Test func scalarFieldBallIsAccurate() {
        let r = 8.0
        let field = grid(22) { x, y, z in Float(r - ((x - 10.3) * (x - 10.3) + (y - 10.7) * (y - 10.7) + (z - 10.1) * (z - 10.1)).squareRoot()) }
        let mesh = MarchingCubes.extract(values: field, dims: SIMD3(22, 22, 22), iso: 0, voxelToMM: identity)
        #expect(mesh.isClosedAndConsistent && mesh.eulerCharacteristic == 2)
        let exact = 4 / 3 * Double.pi * r * r * r
        #expect(abs(mesh.signedVolume - exact) / exact < 0.01, "volume \(mesh.signedVolume) vs \(exact)")
        // Outward: every triangle's normal points away from the centre.
        let centre = SIMD3<Float>(10.3, 10.7, 10.1)
        let outward = mesh.triangles.allSatisfy { t in
            let a = mesh.vertices[Int(t.x)], b = mesh.vertices[Int(t.y)], c = mesh.vertices[Int(t.z)]
            let n = SIMD3(b.y - a.y, b.z - a.z, b.x - a.x) * SIMD3(c.z - a.z, c.x - a.x, c.y - a.y)
                - SIMD3(b.z - a.z, b.x - a.x, b.y - a.y) * SIMD3(c.y - a.y, c.z - a.z, c.x - a.x)
            return (n * ((a + b + c) / 3 - centre)).sum() > 0
        }
        #expect(outward)
    }

    @Test func torusHasEulerCharacteristicZero() {
        let field = grid(30) { x, y, z in
            let q = ((x - 14.5) * (x - 14.5) + (y - 14.5) * (y - 14.5)).squareRoot() - 9
            return (q * q + (z - 14.5) * (z - 14.5)).squareRoot() <= 3.5 ? 1 : 0
        }
        let mesh = MarchingCubes.extract(values: field, dims: SIMD3(30, 30, 30), iso: 0.5, voxelToMM: identity)
        #expect(mesh.isClosedAndConsistent)
        #expect(mesh.eulerCharacteristic == 0)
    }

    @Test func everyCubeConfigurationAndRandomMasksAreWatertight() {
        // All 256 corner patterns of one cube (the grid pads outside), then noisy masks full of
        // ambiguous faces: each must give a closed, consistently wound surface.
        for pattern in 0 ..< 256 {
            let values = (0 ..< 8).map { Float(pattern >> $0 & 1) }
            let mesh = MarchingCubes.extract(values: values, dims: SIMD3(2, 2, 2), iso: 0.5, voxelToMM: identity)
            #expect(mesh.isClosedAndConsistent, "pattern \(pattern)")
            #expect(pattern == 0 || mesh.signedVolume > 0, "pattern \(pattern)")
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for trial in 0 ..< 20 {
            let values = (0 ..< 9 * 9 * 9).map { _ -> Float in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return (state >> 33) % 100 < 45 ? 1 : 0
            }
            let mesh = MarchingCubes.extract(values: values, dims: SIMD3(9, 9, 9), iso: 0.5, voxelToMM: identity)
            #expect(mesh.isClosedAndConsistent, "trial \(trial)")
            #expect(mesh.signedVolume > 0, "trial \(trial)")
        }
    }

    @Test func mirroringAffineKeepsTrianglesOutward() {
        // LIA-like voxel → RAS (as the cvs_avg35 volumes): determinant −1.
        let lia: [[Double]] = [[-1, 0, 0, 72], [0, 0, 1, -107], [0, -1, 0, 82]]
        let mesh = MarchingCubes.extract(values: ball(16, centre: 7.5, radius: 5), dims: SIMD3(16, 16, 16), iso: 0.5, voxelToMM: lia)
        #expect(mesh.isClosedAndConsistent)
        #expect(mesh.signedVolume > 0)
        let box = mesh.bounds
        #expect(abs((box.min.x + box.max.x) / 2 - (72 - 7.5)) < 0.01)
        #expect(abs((box.min.z + box.max.z) / 2 - (82 - 7.5)) < 0.01)
    }

    @Test func largestComponentOfTwoBalls() {
        var values = ball(30, centre: 8, radius: 6)
        let small = grid(30) { x, y, z in ((x - 23) * (x - 23) + (y - 23) * (y - 23) + (z - 23) * (z - 23)).squareRoot() <= 3 ? 1 : 0 }
        for k in values.indices { values[k] = max(values[k], small[k]) }
        let mesh = MarchingCubes.extract(values: values, dims: SIMD3(30, 30, 30), iso: 0.5, voxelToMM: identity)
        #expect(mesh.eulerCharacteristic == 4)
        let big = mesh.largestComponent()
        #expect(big.isClosedAndConsistent && big.eulerCharacteristic == 2)
        #expect(big.bounds.max.x < 15)
        let mask = VoxelMask(values: values, dims: SIMD3(30, 30, 30), above: 0.5).largestComponent()
        #expect(mask.voxels[8 + 30 * (8 + 30 * 8)] == 1 && mask.voxels[23 + 30 * (23 + 30 * 23)] == 0)
    }
}
