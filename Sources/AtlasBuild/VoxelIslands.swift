import BrainFormats

/// Islands of a label: a piece of at most `maxVoxels` voxels (26-connected) that no other voxel of
/// its label touches. On a slice such a piece draws as a small ring of border colour around one or
/// two pixels, and no anatomy is a few cubic millimetres cut off from its own region, so the build
/// gives each island to what surrounds it: the commonest label among the voxels touching it
/// (unlabelled ones and voxels of other islands not counted; ties to the lower id). An island with
/// no labelled neighbour stays (a lone piece of an atlas that covers only part of the brain, such
/// as the sulci or the histology areas). Each pass reads only the labels before it, so the result
/// does not depend on visiting order; an island that touches only other islands waits for the next
/// pass, when they have joined their regions.
enum VoxelIslands {
    /// Largest piece that counts as an island. Three voxels: the two- and three-voxel pieces still
    /// drew as rings once single voxels were absorbed, and the smallest region of any bundled atlas
    /// has over a hundred voxels, so nothing real is this small.
    static let maxVoxels = 3
    static let maxPasses = 4

    /// How many islands `volume` has, and how many of them have a labelled neighbour to join.
    static func count(_ volume: AtlasVolume) -> (islands: Int, absorbable: Int) {
        let dense = denseLabels(volume)
        let pieces = islands(volume, dense)
        return (pieces.count, pieces.filter { hasLabelledNeighbour($0, dense) }.count)
    }

    /// `volume` with every island that has labelled neighbours given to their commonest label.
    static func absorbed(_ volume: AtlasVolume) -> AtlasVolume {
        var dense = denseLabels(volume)
        for _ in 0 ..< maxPasses {
            let pieces = islands(volume, dense)
            var inIsland = Set<Int>()
            for piece in pieces { inIsland.formUnion(piece) }
            let joins = pieces.compactMap { piece in surrounding(piece, dense, skipping: inIsland).map { (piece, $0) } }
            guard !joins.isEmpty else { break }
            for (piece, label) in joins { for i in piece { dense[i] = label } }
        }
        return AtlasVolume(indices: volume.indices, labels: volume.indices.map { dense[Int($0)] })
    }

    private static func denseLabels(_ volume: AtlasVolume) -> [UInt16] {
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for (i, l) in zip(volume.indices, volume.labels) { dense[Int(i)] = l }
        return dense
    }

    /// The linear indices of the up to 26 neighbours inside the grid.
    private static func neighbours(_ i: Int) -> [Int] {
        let v = CanonicalFrame.voxel(i), n = CanonicalFrame.size
        var out: [Int] = []
        out.reserveCapacity(26)
        for dz in -1 ... 1 { for dy in -1 ... 1 { for dx in -1 ... 1 where dx != 0 || dy != 0 || dz != 0 {
            let x = v.x + dx, y = v.y + dy, z = v.z + dz
            if x >= 0, y >= 0, z >= 0, x < n, y < n, z < n { out.append(CanonicalFrame.index(x, y, z)) }
        } } }
        return out
    }

    /// Every labelled piece of at most `maxVoxels` voxels, each as its voxels' linear indices.
    private static func islands(_ volume: AtlasVolume, _ dense: [UInt16]) -> [[Int]] {
        var seen = [Bool](repeating: false, count: CanonicalFrame.voxelCount)
        var out: [[Int]] = []
        for start in volume.indices.lazy.map(Int.init) where dense[start] != 0 && !seen[start] {
            let own = dense[start]
            var piece: [Int] = [], stack = [start], size = 0
            seen[start] = true
            // The whole piece is marked seen, but only the first few voxels are kept.
            while let i = stack.popLast() {
                size += 1
                if size <= maxVoxels { piece.append(i) }
                for j in neighbours(i) where !seen[j] && dense[j] == own {
                    seen[j] = true
                    stack.append(j)
                }
            }
            if size <= maxVoxels { out.append(piece) }
        }
        return out
    }

    private static func hasLabelledNeighbour(_ piece: [Int], _ dense: [UInt16]) -> Bool {
        piece.contains { i in neighbours(i).contains { dense[$0] != 0 && dense[$0] != dense[i] } }
    }

    private static func surrounding(_ piece: [Int], _ dense: [UInt16], skipping inIsland: Set<Int>) -> UInt16? {
        let own = dense[piece[0]]
        var touching = Set<Int>()
        for i in piece { for j in neighbours(i) where dense[j] != 0 && dense[j] != own && !inIsland.contains(j) { touching.insert(j) } }
        var counts: [UInt16: Int] = [:]
        for j in touching { counts[dense[j], default: 0] += 1 }
        return counts.max { a, b in (a.value, b.key) < (b.value, a.key) }?.key
    }
}
