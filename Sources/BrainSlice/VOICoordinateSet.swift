/// The integer coordinates of a VOI file's voxels (mm for TAL/MNI VOIs, voxel indices of the
/// VOI's original VMR otherwise) with their region id, as one sorted array, so a slice can ask
/// "which VOI holds this point?" per pixel with a binary search and no allocation.
struct VOICoordinateSet: Sendable {
    /// `(x + 2¹⁵) << 48 | (y + 2¹⁵) << 32 | (z + 2¹⁵) << 16 | id`, sorted, one entry per coordinate
    /// (the lowest id, i.e. the first VOI in the file, wins on overlap).
    private let entries: [UInt64]
    /// Bounding box of the stored coordinates, for a quick miss.
    private let low: SIMD3<Int>
    private let high: SIMD3<Int>

    /// Coordinates are packed in 16 bits each; anything farther out lies in no volume.
    static let bias = 1 << 15

    /// `coordinates[k]` belongs to region `ids[k]` (1…65535).
    init(_ items: [(coordinate: SIMD3<Int32>, id: UInt16)]) {
        var packed: [UInt64] = []
        packed.reserveCapacity(items.count)
        var lo = SIMD3<Int>(repeating: .max), hi = SIMD3<Int>(repeating: .min)
        for (c, id) in items {
            let p = SIMD3<Int>(truncatingIfNeeded: c)
            guard let key = Self.key(p) else { continue }
            packed.append(key << 16 | UInt64(id))
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        packed.sort()
        // Keep the first entry of each coordinate: after sorting, that is its lowest id.
        var unique: [UInt64] = []
        unique.reserveCapacity(packed.count)
        for e in packed where unique.last.map({ $0 >> 16 != e >> 16 }) ?? true { unique.append(e) }
        entries = unique
        low = lo
        high = hi
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The 48-bit key of a coordinate, nil outside the packable range.
    @inline(__always)
    static func key(_ p: SIMD3<Int>) -> UInt64? {
        let b = bias
        guard p.x >= -b, p.x < b, p.y >= -b, p.y < b, p.z >= -b, p.z < b else { return nil }
        return UInt64(p.x + b) << 32 | UInt64(p.y + b) << 16 | UInt64(p.z + b)
    }

    /// Calls `body` with a lookup that answers the region id at an integer coordinate (0: none).
    func withLookup<R>(_ body: ((SIMD3<Int>) -> UInt16) throws -> R) rethrows -> R {
        try entries.withUnsafeBufferPointer { table in
            try body { p in
                guard p.x >= low.x, p.y >= low.y, p.z >= low.z, p.x <= high.x, p.y <= high.y, p.z <= high.z,
                      let key = Self.key(p) else { return 0 }
                let wanted = key << 16
                // Lower bound: first entry ≥ wanted.
                var lo = 0, hi = table.count
                while lo < hi {
                    let mid = (lo + hi) >> 1
                    if table[mid] < wanted { lo = mid + 1 } else { hi = mid }
                }
                guard lo < table.count, table[lo] >> 16 == key else { return 0 }
                return UInt16(truncatingIfNeeded: table[lo])
            }
        }
    }
}
