/// One connected set of supra-threshold vertices of one sign on a mesh.
public struct SurfaceCluster: Sendable {
    /// +1 for values ≥ threshold, −1 for values ≤ −threshold.
    public let sign: Int
    /// Vertex indices, ascending.
    public let vertices: [Int]
    public let areaMm2: Double
    /// The vertex of largest magnitude (the first in index order on ties).
    public let peak: Int
    public let peakValue: Float
    /// Local maxima at least `peakSeparationMm` apart in the mesh's millimetres, highest magnitude first (the peak first).
    public let maxima: [Int]
}

/// Clusters of an SMP map: connected components of supra-threshold vertices, two vertices joining when a
/// triangle edge links them. Ordered like volume clusters: by vertex count, then peak magnitude, then peak index.
public enum SurfaceClusterFinder {
    /// `options.minSizeMm3` is read as mm² here (a surface cluster's area); its connectivity does not apply.
    public static func clusters(values: [Float], mesh: SurfaceMesh, options: ClusterOptions) throws -> [SurfaceCluster] {
        try options.validate()
        try mesh.validate()
        guard values.count == mesh.positions.count else {
            throw MapsError("--mesh: the map has \(values.count) vertex values and \(mesh.name) has \(mesh.positions.count) vertices")
        }
        let neighbours = adjacency(mesh)
        let areas = mesh.vertexAreas()
        var found: [SurfaceCluster] = []
        for sign in options.twoSided ? [1, -1] : [1] {
            let s = Float(sign)
            var seen = [Bool](repeating: false, count: values.count)
            for start in values.indices where !seen[start] && values[start] * s >= options.threshold {
                var members = [start]
                seen[start] = true
                var head = 0
                while head < members.count {
                    let v = members[head]
                    head += 1
                    for n in neighbours.start[v]..<neighbours.start[v + 1] {
                        let w = Int(neighbours.list[n])
                        if !seen[w] && values[w] * s >= options.threshold { seen[w] = true; members.append(w) }
                    }
                }
                members.sort()
                let area = members.reduce(0) { $0 + areas[$1] }
                guard area >= options.minSizeMm3 else { continue }
                let peak = members.max { abs(values[$0]) != abs(values[$1]) ? abs(values[$0]) < abs(values[$1]) : $0 > $1 }!
                let maxima = localMaxima(members, sign: s, values: values, mesh: mesh, neighbours: neighbours,
                                         threshold: options.threshold, separation: options.peakSeparationMm)
                found.append(SurfaceCluster(sign: sign, vertices: members, areaMm2: area, peak: peak, peakValue: values[peak],
                                            maxima: maxima))
            }
        }
        return found.sorted { a, b in
            if a.vertices.count != b.vertices.count { return a.vertices.count > b.vertices.count }
            if abs(a.peakValue) != abs(b.peakValue) { return abs(a.peakValue) > abs(b.peakValue) }
            return a.peak < b.peak
        }
    }

    /// The rule volume clusters follow, on the mesh: a vertex no edge neighbour in the cluster exceeds, kept when it
    /// lies `separation` mm or more from every higher one kept. Ties go to the lower index, so the peak comes first.
    static func localMaxima(_ members: [Int], sign s: Float, values: [Float], mesh: SurfaceMesh,
                            neighbours: (start: [Int], list: [Int32]), threshold: Float, separation: Double) -> [Int] {
        var candidates = members.filter { v in
            let value = values[v] * s
            return !(neighbours.start[v]..<neighbours.start[v + 1]).contains { n in
                let w = values[Int(neighbours.list[n])] * s
                return w >= threshold && w > value
            }
        }
        candidates.sort { values[$0] * s != values[$1] * s ? values[$0] * s > values[$1] * s : $0 < $1 }
        var kept: [Int] = []
        for v in candidates {
            let p = mesh.positions[v]
            if kept.allSatisfy({ let d = mesh.positions[$0] - p; return (d * d).sum() >= separation * separation }) { kept.append(v) }
        }
        return kept
    }

    /// Each vertex's neighbours along triangle edges, in compressed rows (`list[start[v]..<start[v + 1]]`).
    static func adjacency(_ mesh: SurfaceMesh) -> (start: [Int], list: [Int32]) {
        let t = mesh.triangles
        var count = [Int](repeating: 0, count: mesh.positions.count + 1)
        for i in stride(from: 0, to: t.count - 2, by: 3) { for k in 0..<3 { count[Int(t[i + k]) + 1] += 2 } }
        for v in 0..<mesh.positions.count { count[v + 1] += count[v] }
        var fill = count
        var list = [Int32](repeating: 0, count: count[mesh.positions.count])
        for i in stride(from: 0, to: t.count - 2, by: 3) {
            for k in 0..<3 {
                let a = Int(t[i + k])
                list[fill[a]] = t[i + (k + 1) % 3]; list[fill[a] + 1] = t[i + (k + 2) % 3]
                fill[a] += 2
            }
        }
        return (count, list)
    }
}
