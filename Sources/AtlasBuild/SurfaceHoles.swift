import BrainAtlas

/// Holes in an atlas that covers the cortex (`Recipe.SurfaceCover`): cortex vertices (those on a
/// Desikan-Killiany gyrus, not its medial wall) outside the atlas's stated exceptions that no
/// region claims. They draw as grey spots among coloured areas. Each takes the area that reaches
/// it first across the mesh, growing every area one edge at a time; a vertex reached by several
/// areas in the same step takes the commonest among its labelled neighbours (ties to the lower id).
enum SurfaceHoles {
    /// The Desikan-Killiany names of the medial wall, which is not cortex.
    static let medialWall: Set<String> = ["unknown", "corpuscallosum"]

    /// True when a vertex on Desikan-Killiany gyrus `dk` must carry a region under `cover`.
    static func mustCover(_ dk: String?, cover: Recipe.SurfaceCover) -> Bool {
        guard let dk, !medialWall.contains(dk) else { return false }
        return !(cover.exceptDk ?? []).contains(dk)
    }

    /// How many vertices of one hemisphere are holes.
    static func count(_ labels: [UInt16], dk: [String?], cover: Recipe.SurfaceCover) -> Int {
        labels.indices.filter { labels[$0] == 0 && mustCover(dk[$0], cover: cover) }.count
    }

    /// `labels` with the holes filled by growing the areas around them across the mesh edges.
    static func filled(_ labels: [UInt16], dk: [String?], triangles: [SIMD3<Int32>], cover: Recipe.SurfaceCover) -> [UInt16] {
        var neighbours = [[Int]](repeating: [], count: labels.count)
        for t in triangles {
            let vs = [Int(t.x), Int(t.y), Int(t.z)]
            guard vs.allSatisfy({ $0 >= 0 && $0 < labels.count }) else { continue }
            for (a, b) in [(vs[0], vs[1]), (vs[1], vs[2]), (vs[2], vs[0])] { neighbours[a].append(b); neighbours[b].append(a) }
        }
        var out = labels
        var open = Set(labels.indices.filter { labels[$0] == 0 && mustCover(dk[$0], cover: cover) })
        while !open.isEmpty {
            var step: [(Int, UInt16)] = []
            for v in open.sorted() {
                var counts: [UInt16: Int] = [:]
                for n in neighbours[v] where out[n] != 0 { counts[out[n], default: 0] += 1 }
                if let best = counts.max(by: { a, b in (a.value, b.key) < (b.value, a.key) })?.key { step.append((v, best)) }
            }
            // Nothing grows any more: the rest are cut off from every area and stay.
            if step.isEmpty { break }
            for (v, label) in step { out[v] = label; open.remove(v) }
        }
        return out
    }
}
