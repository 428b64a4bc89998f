/// Vertices whose label no neighbour shares are one-vertex islands, and those with a single
/// same-label neighbour inside a majority of another label are one-vertex spurs. Drawn
/// whole-triangle they barely showed (no triangle, or one, had a majority of them); split borders
/// would draw each as a small diamond or tooth of ragged border, so they take the label most common
/// among their neighbours instead.
enum IslandVertices {
    static func absorbed(_ labels: [UInt32], triangles: [UInt32]) -> [UInt32] {
        // On a vertex's fan every neighbour appears twice (once on an open edge), so ≤ 2 same-label
        // corners means at most one same-label neighbour.
        var border = [Bool](repeating: false, count: labels.count)
        var t = 0
        while t + 2 < triangles.count {
            let a = Int(triangles[t]), b = Int(triangles[t + 1]), c = Int(triangles[t + 2])
            t += 3
            if labels[a] != labels[b] || labels[b] != labels[c] { border[a] = true; border[b] = true; border[c] = true }
        }
        var votes: [Int: [UInt32: Int]] = [:]
        t = 0
        while t + 2 < triangles.count {
            let corners = [Int(triangles[t]), Int(triangles[t + 1]), Int(triangles[t + 2])]
            t += 3
            for v in corners where border[v] {
                for u in corners where u != v { votes[v, default: [:]][labels[u], default: 0] += 1 }
            }
        }
        var out = labels
        for (v, counts) in votes {
            let same = counts[labels[v]] ?? 0
            guard same <= 2 else { continue }
            let total = counts.values.reduce(0, +)
            // Most votes among the other labels; ties to the smaller label so the result does not
            // depend on hashing.
            let best = counts.filter { $0.key != labels[v] }
                .max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!
            if same == 0 || 2 * best.value > total { out[v] = best.key }
        }
        return out
    }
}
