import BrainFormats
import Foundation

/// One closed, smoothed surface per subcortical structure from a label volume, merged into one mesh.
public enum SubcorticalMeshes {

    /// The merged mesh and, per vertex, the position in `structures` it belongs to.
    public struct Result: Sendable {
        public var mesh: TriangleMesh
        public var vertexStructure: [Int32]
        /// Smoothness and fidelity of each structure's surface that was built…
        public var quality: [SurfaceQuality] = []
        /// …and the position in `structures` of each (structures without voxels are skipped).
        public var builtStructures: [Int] = []
    }

    /// The build's knobs.
    public struct Options: Sendable {
        /// Gaussian blur of each structure's mask before marching cubes, mm.
        public var sigma = 1.0
        /// Field sample spacing (voxels) by structure size: the first entry whose `below` exceeds
        /// the structure's voxel count. Small structures are tightly curved and need small
        /// triangles; larger ones are less curved and would cost too many vertices (the web
        /// viewer loads this mesh).
        public var spacings: [(below: Int, spacing: Double)] = [(6_000, 0.45), (40_000, 0.6), (.max, 0.8)]
        public var smoothing = BoundedSmoothing.Options()
        public init() {}
    }

    /// For each structure (a set of label values merged into one body, e.g. cerebellum cortex + white
    /// matter) the largest 6-connected piece, cavities filled, blurred and upsampled (`SmoothField`),
    /// marching cubes at iso ½, then bounded, volume-keeping Taubin smoothing (`BoundedSmoothing`).
    /// Structures without voxels contribute nothing. Output in mm of `voxelToMM`.
    public static func build<L: BinaryInteger & Sendable>(labels: [L], dims: SIMD3<Int>, voxelToMM: [[Double]],
                                                          structures: [[L]], options: Options = .init()) -> Result {
        // Label value → structure position, so one scan finds every structure's box.
        let maxLabel = structures.joined().map { Int($0) }.max() ?? 0
        var owner = [Int32](repeating: -1, count: maxLabel + 1)
        for (s, members) in structures.enumerated() {
            for m in members where m >= 0 && owner[Int(m)] < 0 { owner[Int(m)] = Int32(s) }
        }
        let boxes = boundingBoxes(labels, dims: dims, owner: owner, count: structures.count)
        let m = voxelToMM
        let voxelVolume = abs(m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                              + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
        var result = Result(mesh: TriangleMesh(), vertexStructure: [])
        for s in structures.indices {
            guard let box = boxes[s] else { continue }
            // One voxel of margin so the mask never touches its box.
            let lo = pointwiseMax(box.lo &- 1, .zero), hi = pointwiseMin(box.hi &+ 1, dims &- 1)
            let size = hi &- lo &+ 1
            var voxels = [UInt8](repeating: 0, count: size.x * size.y * size.z)
            for z in 0 ..< size.z {
                for y in 0 ..< size.y {
                    let src = lo.x + dims.x * (lo.y + y + dims.y * (lo.z + z)), dst = size.x * (y + size.y * z)
                    for x in 0 ..< size.x {
                        let l = Int(truncatingIfNeeded: labels[src + x])
                        if l > 0 && l <= maxLabel && owner[l] == Int32(s) { voxels[dst + x] = 1 }
                    }
                }
            }
            // The figures compare with the structure's voxels as labelled; the surface is made
            // from its main piece with cavities filled (blurring bridges one-voxel notches).
            let labelled = VoxelMask(dims: size, voxels: voxels)
            let mask = labelled.largestComponent().filledHoles()
            let a = voxelToMM
            let boxToMM = (0 ..< 3).map { r in
                [a[r][0], a[r][1], a[r][2],
                 a[r][3] + a[r][0] * Double(lo.x) + a[r][1] * Double(lo.y) + a[r][2] * Double(lo.z)]
            }
            let volume = Double(labelled.count) * voxelVolume
            let field = SmoothField(mask: mask, sigma: options.sigma / Foundation.cbrt(voxelVolume),
                                    spacing: options.spacings.first { mask.count < $0.below }?.spacing ?? 1)
            let raw = MarchingCubes.extract(values: field.values, dims: field.dims, iso: 0.5, voxelToMM: field.fieldToMM(boxToMM))
            let mesh = BoundedSmoothing.smooth(raw, voxelVolume: volume, options: options.smoothing)
            result.quality.append(SurfaceQuality(mesh: mesh, boundary: LabelBoundary(mask: labelled, voxelToMM: boxToMM),
                                                 voxelVolume: volume))
            result.builtStructures.append(s)
            result.vertexStructure += [Int32](repeating: Int32(s), count: mesh.vertices.count)
            result.mesh.append(mesh)
        }
        return result
    }

    static func boundingBoxes<L: BinaryInteger>(_ labels: [L], dims: SIMD3<Int>, owner: [Int32],
                                                 count: Int) -> [(lo: SIMD3<Int>, hi: SIMD3<Int>)?] {
        var lo = [SIMD3<Int>](repeating: dims, count: count), hi = [SIMD3<Int>](repeating: SIMD3(repeating: -1), count: count)
        let top = owner.count
        for z in 0 ..< dims.z {
            for y in 0 ..< dims.y {
                let row = dims.x * (y + dims.y * z)
                for x in 0 ..< dims.x {
                    let l = Int(truncatingIfNeeded: labels[row + x])
                    guard l > 0, l < top else { continue }
                    let s = Int(owner[l])
                    guard s >= 0 else { continue }
                    lo[s] = pointwiseMin(lo[s], SIMD3(x, y, z))
                    hi[s] = pointwiseMax(hi[s], SIMD3(x, y, z))
                }
            }
        }
        return (0 ..< count).map { hi[$0].x < 0 ? nil : (lo[$0], hi[$0]) }
    }
}
