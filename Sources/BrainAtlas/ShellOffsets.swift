/// Voxel offsets within a radius, nearest first: the one order every neighbourhood search in a
/// label volume walks (`where`'s border and nearest region, `where --radius`, point tables), so a
/// search stops at its first hit and equal distances go to the lowest (z, y, x) offset, as a plain
/// scan of the cube would choose.
public struct ShellOffsets: Sendable {
    /// One offset and its squared length (whole voxels, 1 mm each).
    struct Offset: Sendable {
        let dx: Int32, dy: Int32, dz: Int32
        let squared: Int32
    }

    /// How far the table reaches (mm).
    public let radius: Double
    let offsets: [Offset]
    /// Index of the first offset at least this squared length (`offsets.count` past the last),
    /// so a search told how far the nearest label lies starts at its shell.
    let shellStart: [Int]

    /// Every offset with length at most `radius`, by length, then dz, dy, dx.
    public init(radius: Double) {
        let r = Int(max(0, radius).rounded(.down))
        let limit = max(0, radius) * max(0, radius)
        var offsets: [Offset] = []
        offsets.reserveCapacity((4 * r * r * r) + 1)
        for dz in -r...r {
            for dy in -r...r {
                for dx in -r...r {
                    let d2 = dx * dx + dy * dy + dz * dz
                    if Double(d2) <= limit { offsets.append(Offset(dx: Int32(dx), dy: Int32(dy), dz: Int32(dz), squared: Int32(d2))) }
                }
            }
        }
        // Insertion order is (dz, dy, dx) ascending; placing each offset into the run of its squared
        // length (a counting sort, stable) keeps that order among equals. A comparison sort of the
        // standard table took a twentieth of a whole `where`.
        var starts = [Int](repeating: 0, count: Int(limit.rounded(.down)) + 2)
        for o in offsets { starts[Int(o.squared) + 1] += 1 }
        for d in 1..<starts.count { starts[d] += starts[d - 1] }
        var next = starts
        var sorted = offsets
        for o in offsets {
            sorted[next[Int(o.squared)]] = o
            next[Int(o.squared)] += 1
        }
        self.offsets = sorted
        self.radius = max(0, radius)
        shellStart = starts
    }

    /// The table `where` uses for borders and nearest regions (`Lookup.nearestRadiusMm`), built once.
    public static let standard = ShellOffsets(radius: Lookup.nearestRadiusMm)

    /// A table reaching at least `radius`: the standard one when it is enough.
    public static func reaching(_ radius: Double) -> ShellOffsets {
        radius <= standard.radius ? standard : ShellOffsets(radius: radius)
    }
}

/// The offsets of a `ShellOffsets` table as steps in one label volume's memory (x fastest), so a walk whose
/// neighbourhood lies inside the volume's box adds a step instead of checking three indices per voxel.
public struct ShellSteps: Sendable {
    /// The radius of the table the steps follow.
    let radius: Double
    /// The largest offset along any axis: a point this far inside every face may take the steps.
    let reach: Int
    let steps: [Int]

    init(_ shells: ShellOffsets, labels: LabelVolume) {
        radius = shells.radius
        reach = Int(shells.radius.rounded(.down))
        steps = shells.offsets.map { Int($0.dx) + labels.dims.x * (Int($0.dy) + labels.dims.y * Int($0.dz)) }
    }
}

/// A label found near a voxel: the closest voxel carrying it and its distance between voxel centres.
public struct LabelHit: Sendable, Equatable {
    public let label: Int
    /// mm between the centres of the query voxel and `voxel`.
    public let distance: Double
    public let voxel: VoxelIndex
}

extension LabelVolume {
    /// The closest voxel within `radius` mm carrying a region other than `excluded` (0 is never a
    /// region; excluding 0 finds the nearest region of all): the region's border as seen from
    /// (x, y, z). Walks `shells` outward and stops at the first hit, allocating nothing. With
    /// `field` (this volume's distances to its nearest label, and its steps in memory), a search with
    /// no region excluded skips the empty shells, and any search away from the box's faces walks
    /// without bounds checks; the answer is the same.
    public func nearestLabel(other excluded: Int = 0, x: Int, y: Int, z: Int, radius: Double,
                             shells: ShellOffsets = .standard, field: LabelDistanceField? = nil) -> LabelHit? {
        let limit = Int32(min(radius, shells.radius) * min(radius, shells.radius))
        var first = 0
        if excluded == 0, let field, field.radius >= min(radius, shells.radius) {
            guard let d2 = field.squaredDistance(x: x, y: y, z: z), d2 <= Int(limit) else { return nil }
            first = shells.shellStart[d2]
        }
        if let field, field.steps.radius == shells.radius,
           let hit = walkInside(field.steps, shells: shells, from: first, limit: limit, excluded: excluded, x: x, y: y, z: z) {
            return hit
        }
        for o in shells.offsets[first...] {
            if o.squared > limit { break }
            let vx = x + Int(o.dx), vy = y + Int(o.dy), vz = z + Int(o.dz)
            let value = label(x: vx, y: vy, z: vz)
            if value != 0 && value != excluded {
                return LabelHit(label: value, distance: Double(o.squared).squareRoot(), voxel: VoxelIndex(vx, vy, vz))
            }
        }
        return nil
    }

    /// The same walk over the volume's memory, each offset one precomputed step, where the whole neighbourhood of
    /// (x, y, z) lies inside the box (no bounds check per voxel): `.some(hit)`, `.some(nil)` when nothing lies
    /// within the limit, nil when the point is too near the box's faces for it.
    func walkInside(_ steps: ShellSteps, shells: ShellOffsets, from first: Int, limit: Int32, excluded: Int = 0,
                    x: Int, y: Int, z: Int) -> LabelHit?? {
        let lx = x - origin.x, ly = y - origin.y, lz = z - origin.z, r = steps.reach
        guard lx >= r, ly >= r, lz >= r, lx < dims.x - r, ly < dims.y - r, lz < dims.z - r else { return nil }
        let base = lx + dims.x * (ly + dims.y * lz), wide = bytesPerLabel == 2, labels = labelBase
        return shells.offsets.withUnsafeBufferPointer { offsets in
            steps.steps.withUnsafeBufferPointer { step -> LabelHit?? in
                var i = first
                while i < offsets.count, offsets[i].squared <= limit {
                    let at = base + step[i]
                    let value = wide ? Int(labels.loadUnaligned(fromByteOffset: at * 2, as: UInt16.self).littleEndian)
                        : Int(labels.load(fromByteOffset: at, as: UInt8.self))
                    if value != 0 && value != excluded {
                        let o = offsets[i]
                        return .some(LabelHit(label: value, distance: Double(o.squared).squareRoot(),
                                              voxel: VoxelIndex(x + Int(o.dx), y + Int(o.dy), z + Int(o.dz))))
                    }
                    i += 1
                }
                return .some(nil)
            }
        }
    }

    /// Every region within `radius` mm of (x, y, z), nearest first, each once at its closest voxel
    /// (the region at the voxel itself comes first, at 0 mm).
    public func labelsByDistance(x: Int, y: Int, z: Int, radius: Double, shells: ShellOffsets) -> [LabelHit] {
        let limit = Int32(min(radius, shells.radius) * min(radius, shells.radius))
        var hits: [LabelHit] = []
        for o in shells.offsets {
            if o.squared > limit { break }
            let vx = x + Int(o.dx), vy = y + Int(o.dy), vz = z + Int(o.dz)
            let value = label(x: vx, y: vy, z: vz)
            guard value != 0, !hits.contains(where: { $0.label == value }) else { continue }
            hits.append(LabelHit(label: value, distance: Double(o.squared).squareRoot(), voxel: VoxelIndex(vx, vy, vz)))
        }
        return hits
    }
}
