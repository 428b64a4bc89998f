import BrainFormats

/// One-voxel islands of a label: a voxel none of whose 26 neighbours carries its label. On a
/// slice such a voxel draws as a small ring of border colour around nothing, and no anatomy is a
/// single cubic millimetre cut off from its own region, so the build gives each island to what
/// surrounds it: the commonest label among its 26 neighbours, unlabelled ones not counted (ties to
/// the lower id). An island with no labelled neighbour stays (a lone voxel of an atlas that covers
/// only part of the brain, such as the sulci or the histology areas). One pass over the original
/// labels: an island takes a label its neighbours already have, so it cannot make a new island, and
/// the result does not depend on visiting order.
enum VoxelIslands {
    /// How many islands `volume` has, and how many of them have a labelled neighbour to join.
    static func count(_ volume: AtlasVolume) -> (islands: Int, absorbable: Int) {
        let dense = denseLabels(volume)
        var islands = 0, absorbable = 0
        for i in volume.indices where isIsland(Int(i), dense) {
            islands += 1
            if surrounding(Int(i), dense) != nil { absorbable += 1 }
        }
        return (islands, absorbable)
    }

    /// `volume` with every island that has labelled neighbours given to their commonest label.
    static func absorbed(_ volume: AtlasVolume) -> AtlasVolume {
        let dense = denseLabels(volume)
        var labels = volume.labels
        for (k, i) in volume.indices.enumerated() where isIsland(Int(i), dense) {
            if let label = surrounding(Int(i), dense) { labels[k] = label }
        }
        return AtlasVolume(indices: volume.indices, labels: labels)
    }

    private static func denseLabels(_ volume: AtlasVolume) -> [UInt16] {
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for (i, l) in zip(volume.indices, volume.labels) { dense[Int(i)] = l }
        return dense
    }

    /// The linear offsets of the 26 neighbours, or nil at the grid's edge (never labelled there).
    private static func neighbours(_ i: Int) -> [Int]? {
        let v = CanonicalFrame.voxel(i), n = CanonicalFrame.size
        guard v.x > 0, v.y > 0, v.z > 0, v.x < n - 1, v.y < n - 1, v.z < n - 1 else { return nil }
        var out: [Int] = []
        out.reserveCapacity(26)
        for dz in -1 ... 1 { for dy in -1 ... 1 { for dx in -1 ... 1 where dx != 0 || dy != 0 || dz != 0 {
            out.append(CanonicalFrame.index(v.x + dx, v.y + dy, v.z + dz))
        } } }
        return out
    }

    private static func isIsland(_ i: Int, _ dense: [UInt16]) -> Bool {
        guard let around = neighbours(i) else { return false }
        let own = dense[i]
        return own != 0 && !around.contains { dense[$0] == own }
    }

    private static func surrounding(_ i: Int, _ dense: [UInt16]) -> UInt16? {
        guard let around = neighbours(i) else { return nil }
        var counts: [UInt16: Int] = [:]
        for j in around where dense[j] != 0 { counts[dense[j], default: 0] += 1 }
        return counts.max { a, b in (a.value, b.key) < (b.value, a.key) }?.key
    }
}
