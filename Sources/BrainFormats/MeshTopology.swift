/// Builds BrainVoyager-style neighbour lists from triangles.
public enum MeshTopology {
    /// Ring-ordered neighbour lists: for every vertex i and consecutive k, `(i, n[k], n[k+1])` is a stored
    /// triangle up to rotation (BV's own convention, FORMATS.md §4.2). A vertex's ring starts at the
    /// successor of i in the first triangle (file order) that contains it, or at a boundary edge's start.
    /// Non-manifold fans keep every neighbour, appending the ones the walk could not reach.
    public static func ringNeighbours(triangles: [Int32], vertexCount nv: Int) throws -> MeshNeighbours {
        guard triangles.count % 3 == 0 else {
            throw FormatError(file: "mesh", field: "triangles", message: "\(triangles.count) indices is not a multiple of 3")
        }
        let nt = triangles.count / 3
        // Triangle incidence per vertex, flat (CSR), in file order.
        var start = [Int32](repeating: 0, count: nv + 1)
        for t in triangles {
            guard t >= 0, Int(t) < nv else {
                throw FormatError(file: "mesh", field: "triangles", message: "vertex index \(t) outside 0..<\(nv)")
            }
            start[Int(t) + 1] += 1
        }
        for i in 0..<nv { start[i + 1] += start[i] }
        var fill = start
        var incident = [Int32](repeating: 0, count: 3 * nt)
        for k in 0..<(3 * nt) {
            let v = Int(triangles[k])
            incident[Int(fill[v])] = Int32(k)  // position of v inside the triangle array
            fill[v] += 1
        }

        var offsets = [Int32](repeating: 0, count: nv + 1)
        var indices = [Int32]()
        indices.reserveCapacity(3 * nt)
        var edgesFrom = [Int32]()
        var edgesTo = [Int32]()
        var used = [Bool]()
        for i in 0..<nv {
            edgesFrom.removeAll(keepingCapacity: true)
            edgesTo.removeAll(keepingCapacity: true)
            for slot in Int(start[i])..<Int(start[i + 1]) {
                let k = Int(incident[slot])
                let base = k - k % 3
                let a = triangles[base + (k - base + 1) % 3]
                let b = triangles[base + (k - base + 2) % 3]
                edgesFrom.append(a)
                edgesTo.append(b)
            }
            let m = edgesFrom.count
            used = Array(repeating: false, count: m)
            let ringStart = indices.count
            func contains(_ v: Int32) -> Bool { indices[ringStart...].contains(v) }
            while let seed = firstUnused(used, edgesFrom, edgesTo) {
                var e = seed
                if !contains(edgesFrom[e]) { indices.append(edgesFrom[e]) }
                while true {
                    used[e] = true
                    let next = edgesTo[e]
                    guard let follow = (0..<m).first(where: { !used[$0] && edgesFrom[$0] == next }) else {
                        if !contains(next) { indices.append(next) }
                        break
                    }
                    if !contains(next) { indices.append(next) }
                    e = follow
                }
            }
            offsets[i + 1] = Int32(indices.count)
        }
        return MeshNeighbours(offsets: offsets, indices: indices)
    }

    /// Prefers an edge whose start is no other edge's end (an open fan's first edge), else the first unused.
    private static func firstUnused(_ used: [Bool], _ from: [Int32], _ to: [Int32]) -> Int? {
        var fallback: Int?
        for e in used.indices where !used[e] {
            if fallback == nil { fallback = e }
            let hasIncoming = to.indices.contains { !used[$0] && to[$0] == from[e] }
            if !hasIncoming { return e }
        }
        return fallback
    }
}
