/// Builds BrainVoyager-style neighbour lists from triangles.
public enum MeshTopology {
    /// Ring-ordered neighbour lists: for every vertex i and consecutive k, `(i, n[k], n[k+1])` is a stored
    /// triangle up to rotation (BV's own convention, docs/file-formats.md §4.2). A vertex's ring starts at the
    /// successor of i in the first triangle (file order) that contains it, or at an open fan's first edge.
    /// Non-manifold fans keep every neighbour once, appending the parts the walk could not reach.
    /// O(m log m) per vertex of m triangles, so hostile fans cannot stall it.
    public static func ringNeighbours(triangles: [Int32], vertexCount nv: Int) throws -> MeshNeighbours {
        guard triangles.count % 3 == 0 else {
            throw FormatError(file: "mesh", field: "triangles", message: "\(triangles.count) indices is not a multiple of 3")
        }
        // Triangle corners per vertex, flat (CSR), in file order.
        var start = [Int32](repeating: 0, count: nv + 1)
        for t in triangles {
            guard t >= 0, Int(t) < nv else {
                throw FormatError(file: "mesh", field: "triangles", message: "vertex index \(t) outside 0..<\(nv)")
            }
            start[Int(t) + 1] += 1
        }
        for i in 0..<nv { start[i + 1] += start[i] }
        var fill = start
        var corners = [Int32](repeating: 0, count: triangles.count)
        for k in triangles.indices {
            let v = Int(triangles[k])
            corners[Int(fill[v])] = Int32(k)
            fill[v] += 1
        }

        var offsets = [Int32](repeating: 0, count: nv + 1)
        var indices = [Int32]()
        indices.reserveCapacity(triangles.count)
        var seenIn = [Int32](repeating: -1, count: nv)  // seenIn[v] == i: v is already in i's ring
        var fan = Fan()
        for i in 0..<nv {
            fan.load(vertex: i, corners: corners[Int(start[i])..<Int(start[i + 1])], triangles: triangles)
            func add(_ v: Int32) {
                if seenIn[Int(v)] != Int32(i) {
                    seenIn[Int(v)] = Int32(i)
                    indices.append(v)
                }
            }
            while let seed = fan.nextSeed() {
                var e = seed
                add(fan.from[e])
                while true {
                    fan.used[e] = true
                    add(fan.to[e])
                    guard let next = fan.unusedEdge(from: fan.to[e]) else { break }
                    e = next
                }
            }
            offsets[i + 1] = Int32(indices.count)
        }
        return MeshNeighbours(offsets: offsets, indices: indices)
    }

    /// The directed edges (a → b) opposite one vertex, one per incident triangle (i, a, b), with lookups.
    private struct Fan {
        var from: [Int32] = []
        var to: [Int32] = []
        var used: [Bool] = []
        var byFrom: [Int] = []  // edge ids sorted by `from`
        var runCursor: [Int] = []  // per position in byFrom: first possibly unused edge of its run
        var hasIncoming: [Bool] = []
        var seedCursor = (open: 0, any: 0)

        mutating func load(vertex i: Int, corners: ArraySlice<Int32>, triangles: [Int32]) {
            from.removeAll(keepingCapacity: true)
            to.removeAll(keepingCapacity: true)
            for k in corners.map(Int.init) {
                let base = k - k % 3
                from.append(triangles[base + (k - base + 1) % 3])
                to.append(triangles[base + (k - base + 2) % 3])
            }
            let m = from.count
            used = Array(repeating: false, count: m)
            byFrom = Array(0..<m)
            byFrom.sort { (from[$0], $0) < (from[$1], $1) }
            runCursor = Array(0..<m)
            let sortedTo = to.sorted()
            hasIncoming = from.map { f in
                var lo = 0, hi = sortedTo.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if sortedTo[mid] < f { lo = mid + 1 } else { hi = mid }
                }
                return lo < sortedTo.count && sortedTo[lo] == f
            }
            seedCursor = (0, 0)
        }

        /// An unused edge starting at `v` (the first in file order), or nil.
        mutating func unusedEdge(from v: Int32) -> Int? {
            var lo = 0, hi = byFrom.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if from[byFrom[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            guard lo < byFrom.count, from[byFrom[lo]] == v else { return nil }
            // Cursors only move forward past used edges, so repeated look-ups stay cheap.
            var p = runCursor[lo]
            while p < byFrom.count, from[byFrom[p]] == v, used[byFrom[p]] { p += 1 }
            runCursor[lo] = p
            guard p < byFrom.count, from[byFrom[p]] == v else { return nil }
            return byFrom[p]
        }

        /// Prefers an unused edge whose start no edge ends at (an open fan's first edge), else the first unused.
        mutating func nextSeed() -> Int? {
            while seedCursor.open < from.count && (used[seedCursor.open] || hasIncoming[seedCursor.open]) {
                seedCursor.open += 1
            }
            if seedCursor.open < from.count { return seedCursor.open }
            while seedCursor.any < from.count && used[seedCursor.any] { seedCursor.any += 1 }
            return seedCursor.any < from.count ? seedCursor.any : nil
        }
    }
}
