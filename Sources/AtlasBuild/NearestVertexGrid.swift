/// A uniform grid over one hemisphere's vertices answering "nearest vertex, ties to the lowest index".
///
/// The ribbon has ~700k voxels and each hemisphere ~41k vertices, so a brute-force search would be
/// 14 billion distance computations; the grid visits only the cells near each voxel.
public struct NearestVertexGrid: Sendable {
    private let origin: SIMD3<Double>
    private let cell: Double
    private let dims: SIMD3<Int>
    private let cellStart: [Int32]
    private let cellVertices: [Int32]
    private let points: [SIMD3<Float>]

    /// `points` are vertex positions in mm; `cellSize` in mm (3 mm suits fsaverage6 spacing).
    public init(points: [SIMD3<Float>], cellSize: Double = 3) {
        precondition(!points.isEmpty, "a grid needs at least one vertex")
        var lo = SIMD3<Double>(repeating: .infinity), hi = SIMD3<Double>(repeating: -.infinity)
        for p in points {
            let d = SIMD3<Double>(Double(p.x), Double(p.y), Double(p.z))
            lo = pointwiseMin(lo, d); hi = pointwiseMax(hi, d)
        }
        origin = lo
        cell = cellSize
        let extent = (hi - lo) / cellSize
        dims = SIMD3(Int(extent.x) + 1, Int(extent.y) + 1, Int(extent.z) + 1)
        let cellCount = dims.x * dims.y * dims.z
        var counts = [Int32](repeating: 0, count: cellCount + 1)
        var cellOf = [Int](repeating: 0, count: points.count)
        for (i, p) in points.enumerated() {
            let c = Self.cellCoord(p, origin: lo, cell: cellSize, dims: dims)
            cellOf[i] = c.x + dims.x * (c.y + dims.y * c.z)
            counts[cellOf[i] + 1] += 1
        }
        for c in 0 ..< cellCount { counts[c + 1] += counts[c] }
        var fill = counts
        var verts = [Int32](repeating: 0, count: points.count)
        for i in 0 ..< points.count {
            verts[Int(fill[cellOf[i]])] = Int32(i)
            fill[cellOf[i]] += 1
        }
        cellStart = counts
        cellVertices = verts
        self.points = points
    }

    private static func cellCoord(_ p: SIMD3<Float>, origin: SIMD3<Double>, cell: Double, dims: SIMD3<Int>) -> SIMD3<Int> {
        let d = (SIMD3<Double>(Double(p.x), Double(p.y), Double(p.z)) - origin) / cell
        return SIMD3(min(max(Int(d.x.rounded(.down)), 0), dims.x - 1),
                     min(max(Int(d.y.rounded(.down)), 0), dims.y - 1),
                     min(max(Int(d.z.rounded(.down)), 0), dims.z - 1))
    }

    /// Squared distance from `q` to vertex `v`, in Double so every caller agrees on ties.
    @inline(__always)
    public static func distance2(_ q: SIMD3<Double>, _ p: SIMD3<Float>) -> Double {
        let dx = Double(p.x) - q.x, dy = Double(p.y) - q.y, dz = Double(p.z) - q.z
        return dx * dx + dy * dy + dz * dz
    }

    /// Index of the vertex nearest to `q` (ties: lowest index).
    public func nearest(to q: SIMD3<Double>) -> Int {
        let rel = (q - origin) / cell
        let c = SIMD3<Int>(Int(rel.x.rounded(.down)), Int(rel.y.rounded(.down)), Int(rel.z.rounded(.down)))
        // Distance from q to the grid box: rings closer than this hold no vertex.
        var best = Int.max, bestD2 = Double.infinity
        let maxRing = max(dims.x, dims.y, dims.z) + max(abs(c.x), abs(c.y), abs(c.z)) + 1
        var r = 0
        cellStart.withUnsafeBufferPointer { start in
            cellVertices.withUnsafeBufferPointer { verts in
                points.withUnsafeBufferPointer { pts in
                    while r <= maxRing {
                        for z in (c.z - r) ... (c.z + r) where z >= 0 && z < dims.z {
                            let zEdge = z == c.z - r || z == c.z + r
                            for y in (c.y - r) ... (c.y + r) where y >= 0 && y < dims.y {
                                let yEdge = zEdge || y == c.y - r || y == c.y + r
                                // Inside the shell only the two x faces belong to ring r.
                                let step = yEdge ? 1 : max(2 * r, 1)
                                var x = c.x - r
                                while x <= c.x + r {
                                    if x >= 0 && x < dims.x {
                                        let id = x + dims.x * (y + dims.y * z)
                                        for s in Int(start[id]) ..< Int(start[id + 1]) {
                                            let v = Int(verts[s])
                                            let d2 = Self.distance2(q, pts[v])
                                            if d2 < bestD2 || (d2 == bestD2 && v < best) { bestD2 = d2; best = v }
                                        }
                                    }
                                    x += step
                                }
                            }
                        }
                        // Cells in ring r+1 and beyond lie at least r·cell away from q.
                        let bound = Double(r) * cell
                        if best != Int.max && bestD2 < bound * bound { break }
                        r += 1
                    }
                }
            }
        }
        return best
    }
}
