/// The nearest labelled voxel within a radius, found by visiting offsets nearest first and stopping at the first
/// label: the same answer as `LabelVolume.nearestLabel` (ties go to the first offset in z, y, x order), built once
/// per radius so a table of many points pays for the sort once.
public struct NearestLabelSearch: Sendable {
    public let radius: Double
    /// Offsets within the radius, by squared distance, then z, y, x.
    let offsets: [(dx: Int32, dy: Int32, dz: Int32, d2: Int32)]
    /// Index of the first offset at each squared distance (`offsets.count` past the last).
    let shellStart: [Int]

    public init(radius: Double) {
        self.radius = radius
        let r = Int(radius.rounded(.down)), r2 = radius * radius
        var all: [(dx: Int32, dy: Int32, dz: Int32, d2: Int32)] = []
        for dz in -r...max(-r, r) { for dy in -r...max(-r, r) { for dx in -r...max(-r, r) {
            let d2 = dx * dx + dy * dy + dz * dz
            if Double(d2) <= r2 { all.append((Int32(dx), Int32(dy), Int32(dz), Int32(d2))) }
        } } }
        // A stable sort keeps z, y, x order among equal distances, as the cube scan breaks its ties.
        offsets = all.enumerated().sorted { a, b in a.element.d2 != b.element.d2 ? a.element.d2 < b.element.d2 : a.offset < b.offset }.map(\.element)
        var starts = [Int](repeating: offsets.count, count: Int(offsets.last?.d2 ?? 0) + 2)
        for (i, o) in offsets.enumerated().reversed() { starts[Int(o.d2)] = i }
        for d in stride(from: starts.count - 2, through: 0, by: -1) where starts[d] == offsets.count { starts[d] = starts[d + 1] }
        shellStart = starts
    }

    /// The same answer using a distance field of the same volume: the scan starts at the shell the field names.
    public func nearest(in labels: LabelVolume, field: LabelDistanceField, x: Int, y: Int, z: Int) -> (label: Int, distance: Double, voxel: VoxelIndex)? {
        guard let d = field.squaredDistance(x: x, y: y, z: z), d < shellStart.count else { return nil }
        for i in shellStart[d]..<offsets.count {
            let o = offsets[i]
            let value = labels.label(x: x + Int(o.dx), y: y + Int(o.dy), z: z + Int(o.dz))
            if value != 0 {
                return (value, Double(o.d2).squareRoot(), VoxelIndex(x + Int(o.dx), y + Int(o.dy), z + Int(o.dz)))
            }
        }
        return nil
    }

    /// The nearest non-zero label around voxel (x, y, z) and its distance (mm on the 1 mm grid), or nil.
    public func nearest(in labels: LabelVolume, x: Int, y: Int, z: Int) -> (label: Int, distance: Double, voxel: VoxelIndex)? {
        for o in offsets {
            let value = labels.label(x: x + Int(o.dx), y: y + Int(o.dy), z: z + Int(o.dz))
            if value != 0 {
                return (value, Double(o.d2).squareRoot(), VoxelIndex(x + Int(o.dx), y + Int(o.dy), z + Int(o.dz)))
            }
        }
        return nil
    }
}
