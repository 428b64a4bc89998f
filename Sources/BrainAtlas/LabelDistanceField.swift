/// Squared distance from every voxel near a label volume's box to its nearest labelled voxel (exact Euclidean,
/// separable: along x, then y, then z), capped beyond a radius. Computed once per atlas and run,
/// it lets a table of many points skip straight to the shell where its nearest label lies.
public struct LabelDistanceField: Sendable {
    public let radius: Double
    let origin: SIMD3<Int>
    let dims: SIMD3<Int>
    /// Squared distances in voxels², `cap` where the nearest label lies beyond the radius.
    let d2: [UInt16]
    let cap: Int
    /// The walk's steps in the label volume for the table of offsets reaching `radius`.
    let steps: ShellSteps

    public init(labels: LabelVolume, radius: Double) {
        self.radius = radius
        steps = ShellSteps(ShellOffsets.reaching(radius), labels: labels)
        let r = Int(radius.rounded(.up)), n = LabelVolume.frameSize
        let low = SIMD3(max(0, labels.origin.x - r), max(0, labels.origin.y - r), max(0, labels.origin.z - r))
        let high = SIMD3(min(n, labels.origin.x + labels.dims.x + r), min(n, labels.origin.y + labels.dims.y + r),
                         min(n, labels.origin.z + labels.dims.z + r))
        origin = low
        let dims = SIMD3(max(0, high.x - low.x), max(0, high.y - low.y), max(0, high.z - low.z))
        self.dims = dims
        // Half the range, so a value and a squared step (each below the cap) never overflow when added.
        let cap = min(Int(UInt16.max) / 2, Int((radius * radius).rounded(.down)) + 1)
        self.cap = cap
        let count = dims.x * dims.y * dims.z
        guard count > 0 else { d2 = []; return }
        // Every value is held at most at `cap`: a squared distance below it is a sum of partial ones below it, so the
        // cap changes no answer within the radius, and the work stays in small integers. For the same reason the y
        // and z passes need only look `reach` voxels either way: a label further along the axis adds at least
        // (reach + 1)² ≥ cap. Each pass is then a minimum over a few whole rows, which the compiler vectorises.
        var reach = 0
        while (reach + 1) * (reach + 1) < cap { reach += 1 }
        var scratch = [UInt16](repeating: 0, count: count)
        d2 = [UInt16](unsafeUninitializedCapacity: count) { out, written in
            Self.firstAxis(labels: labels, low: low, dims: dims, cap: UInt16(cap), into: out)
            scratch.withUnsafeMutableBufferPointer { mid in
                let plane = dims.x * dims.y
                // y: from the x pass (in `out`) into `mid`; z: from `mid` back into `out`.
                Self.pass(from: UnsafeBufferPointer(out), into: mid, rows: dims.y, rowLength: dims.x, step: dims.x,
                          groups: dims.z, groupStride: plane, reach: reach, cap: UInt16(cap))
                Self.pass(from: UnsafeBufferPointer(mid), into: out, rows: dims.z, rowLength: plane, step: plane,
                          groups: 1, groupStride: 0, reach: reach, cap: UInt16(cap))
            }
            written = count
        }
    }

    /// One axis of the transform: each row of `rowLength` values (consecutive in memory, `step` apart along the axis,
    /// `rows` of them per group) becomes the least over the rows within `reach` of the source row plus the squared
    /// offset, held at `cap`.
    static func pass(from source: UnsafeBufferPointer<UInt16>, into out: UnsafeMutableBufferPointer<UInt16>,
                     rows: Int, rowLength: Int, step: Int, groups: Int, groupStride: Int, reach: Int, cap: UInt16) {
        guard let src = source.baseAddress, let dst = out.baseAddress else { return }
        for g in 0..<groups {
            for r in 0..<rows {
                let row = dst + g * groupStride + r * step
                row.update(repeating: cap, count: rowLength)
                for t in max(-reach, -r)...min(reach, rows - 1 - r) {
                    let from = src + g * groupStride + (r + t) * step, add = UInt16(t * t)
                    for x in 0..<rowLength { row[x] = min(row[x], from[x] &+ add) }
                }
            }
        }
    }

    /// Squared distance in voxels² to the nearest labelled voxel of (x, y, z), or nil when none lies within the radius.
    @inline(__always)
    public func squaredDistance(x: Int, y: Int, z: Int) -> Int? {
        let lx = x - origin.x, ly = y - origin.y, lz = z - origin.z
        guard lx >= 0, ly >= 0, lz >= 0, lx < dims.x, ly < dims.y, lz < dims.z else { return nil }
        let d = Int(d2[lx + dims.x * (ly + dims.y * lz)])
        return d >= cap ? nil : d
    }

    /// Along x the nearest label of a row is found by two sweeps (the distance to the last label seen from each
    /// side), written squared and capped.
    static func firstAxis(labels: LabelVolume, low: SIMD3<Int>, dims: SIMD3<Int>, cap: UInt16,
                          into out: UnsafeMutableBufferPointer<UInt16>) {
        let far = Int(cap)
        for z in 0..<dims.z {
            for y in 0..<dims.y {
                let row = dims.x * (y + dims.y * z)
                var gap = far  // voxels since the last label, sweeping up
                for x in 0..<dims.x {
                    gap = labels.label(x: x + low.x, y: y + low.y, z: z + low.z) != 0 ? 0 : min(far, gap + 1)
                    out[row + x] = UInt16(min(far, gap * gap))
                }
                gap = far
                for x in stride(from: dims.x - 1, through: 0, by: -1) {
                    gap = out[row + x] == 0 ? 0 : min(far, gap + 1)
                    out[row + x] = min(out[row + x], UInt16(min(far, gap * gap)))
                }
            }
        }
    }
}
