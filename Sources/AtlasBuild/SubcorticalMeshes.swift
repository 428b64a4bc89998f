import BrainFormats

/// One closed, smoothed surface per subcortical structure from a label volume, merged into one mesh.
public enum SubcorticalMeshes {
    /// BV voxel (x, y, z) of the canonical 256³ frame → MNI mm (128 − z, 128 − x, 128 − y).
    public static let canonicalFrameToMNI: [[Double]] = [[0, 0, -1, 128], [-1, 0, 0, 128], [0, -1, 0, 128]]

    /// The merged mesh and, per vertex, the position in `structures` it belongs to.
    public struct Result: Sendable {
        public var mesh: TriangleMesh
        public var vertexStructure: [Int32]
    }

    /// For each structure (a set of label values merged into one body, e.g. cerebellum cortex + white
    /// matter) the largest 6-connected piece, cavities filled, marching cubes at the grid resolution,
    /// then Taubin smoothing. Structures without voxels contribute nothing. Output in mm of `voxelToMM`.
    public static func build<L: BinaryInteger & Sendable>(labels: [L], dims: SIMD3<Int>, voxelToMM: [[Double]],
                                                          structures: [[L]], smoothingIterations: Int = 15) -> Result {
        var result = Result(mesh: TriangleMesh(), vertexStructure: [])
        for (s, members) in structures.enumerated() {
            guard let box = boundingBox(labels, dims: dims, members: members) else { continue }
            // One voxel of margin so the mask never touches its box.
            let lo = pointwiseMax(box.lo &- 1, .zero), hi = pointwiseMin(box.hi &+ 1, dims &- 1)
            let size = hi &- lo &+ 1
            var voxels = [UInt8](repeating: 0, count: size.x * size.y * size.z)
            for z in 0 ..< size.z {
                for y in 0 ..< size.y {
                    let src = lo.x + dims.x * (lo.y + y + dims.y * (lo.z + z)), dst = size.x * (y + size.y * z)
                    for x in 0 ..< size.x where members.contains(labels[src + x]) { voxels[dst + x] = 1 }
                }
            }
            let mask = VoxelMask(dims: size, voxels: voxels).largestComponent().filledHoles()
            let a = voxelToMM
            let boxToMM = (0 ..< 3).map { r in
                [a[r][0], a[r][1], a[r][2],
                 a[r][3] + a[r][0] * Double(lo.x) + a[r][1] * Double(lo.y) + a[r][2] * Double(lo.z)]
            }
            var mesh = MarchingCubes.extract(mask: mask, voxelToMM: boxToMM)
            mesh = MeshSmoothing.taubin(mesh, iterations: smoothingIterations)
            result.vertexStructure += [Int32](repeating: Int32(s), count: mesh.vertices.count)
            result.mesh.append(mesh)
        }
        return result
    }

    static func boundingBox<L: BinaryInteger>(_ labels: [L], dims: SIMD3<Int>, members: [L]) -> (lo: SIMD3<Int>, hi: SIMD3<Int>)? {
        var lo = dims, hi = SIMD3<Int>(repeating: -1)
        for z in 0 ..< dims.z {
            for y in 0 ..< dims.y {
                let row = dims.x * (y + dims.y * z)
                for x in 0 ..< dims.x where labels[row + x] != 0 && members.contains(labels[row + x]) {
                    lo = pointwiseMin(lo, SIMD3(x, y, z))
                    hi = pointwiseMax(hi, SIMD3(x, y, z))
                }
            }
        }
        return hi.x < 0 ? nil : (lo, hi)
    }
}
