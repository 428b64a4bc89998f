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
        // Insertion order is (dz, dy, dx) ascending, so a stable sort by length keeps that order among equals.
        var indexed = Array(offsets.enumerated())
        indexed.sort { $0.element.squared != $1.element.squared ? $0.element.squared < $1.element.squared : $0.offset < $1.offset }
        self.offsets = indexed.map(\.element)
        self.radius = max(0, radius)
        var starts = [Int](repeating: offsets.count, count: Int(limit.rounded(.down)) + 2)
        for (i, o) in self.offsets.enumerated().reversed() { starts[Int(o.squared)] = i }
        for d in stride(from: starts.count - 2, through: 0, by: -1) where starts[d] == offsets.count { starts[d] = starts[d + 1] }
        shellStart = starts
    }

    /// The table `where` uses for borders and nearest regions (`Lookup.nearestRadiusMm`), built once.
    public static let standard = ShellOffsets(radius: Lookup.nearestRadiusMm)

    /// A table reaching at least `radius`: the standard one when it is enough.
    public static func reaching(_ radius: Double) -> ShellOffsets {
        radius <= standard.radius ? standard : ShellOffsets(radius: radius)
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
    /// (x, y, z). Walks `shells` outward and stops at the first hit, allocating nothing. With no
    /// region excluded, `field` (this volume's distances to its nearest label) skips the empty
    /// shells; the answer is the same.
    public func nearestLabel(other excluded: Int = 0, x: Int, y: Int, z: Int, radius: Double,
                             shells: ShellOffsets = .standard, field: LabelDistanceField? = nil) -> LabelHit? {
        let limit = Int32(min(radius, shells.radius) * min(radius, shells.radius))
        var first = 0
        if excluded == 0, let field, field.radius >= min(radius, shells.radius) {
            guard let d2 = field.squaredDistance(x: x, y: y, z: z), d2 <= Int(limit) else { return nil }
            first = shells.shellStart[d2]
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
