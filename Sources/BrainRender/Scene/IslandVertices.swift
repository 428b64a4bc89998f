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
        // Each border vertex's votes (the labels of its triangles' other corners), gathered into
        // one flat array, vertex by vertex: a dictionary per vertex cost a one-shot `pick` more
        // than the rest of the border split.
        var start = [Int](repeating: 0, count: labels.count + 1)
        t = 0
        while t + 2 < triangles.count {
            for k in 0..<3 where border[Int(triangles[t + k])] { start[Int(triangles[t + k]) + 1] += 2 }
            t += 3
        }
        for v in 0..<labels.count { start[v + 1] += start[v] }
        var votes = [UInt32](repeating: 0, count: start[labels.count])
        var filled = start
        t = 0
        while t + 2 < triangles.count {
            for k in 0..<3 where border[Int(triangles[t + k])] {
                let v = Int(triangles[t + k])
                for j in 0..<3 where triangles[t + j] != triangles[t + k] {
                    votes[filled[v]] = labels[Int(triangles[t + j])]
                    filled[v] += 1
                }
            }
            t += 3
        }
        var out = labels
        for v in 0..<labels.count where border[v] {
            votes[start[v]..<filled[v]].sort()
            let cast = votes[start[v]..<filled[v]]
            var same = 0, best: (label: UInt32, count: Int)?
            var i = cast.startIndex
            while i < cast.endIndex {
                var j = i
                while j < cast.endIndex && cast[j] == cast[i] { j += 1 }
                // Ascending labels and a strict comparison: ties go to the smaller label, so the
                // result does not depend on the order of the triangles.
                if cast[i] == labels[v] { same = j - i } else if j - i > (best?.count ?? 0) { best = (cast[i], j - i) }
                i = j
            }
            guard same <= 2, let best else { continue }
            if same == 0 || 2 * best.count > cast.count { out[v] = best.label }
        }
        return out
    }
}
