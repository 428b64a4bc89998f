/// Which regions of an atlas are seen together in at least one preset view: the pairs the palette
/// must tell apart beyond the touching ones, because they share a picture and its legend.
struct CoVisibility: Sendable {
    /// A region counts as seen when it covers at least this share of the view's drawn pixels
    /// (at 1024 × 768 about a 9 × 9 pixel patch).
    static let minimumShare = 0.0002

    /// One mesh of a scene; `side` 0 left, 1 right, nil for midline parts shown in every view.
    struct Part: Sendable {
        var mesh: TriangleMesh
        var side: Int?
    }

    /// Per preset view, the drawn vertex at each pixel, as (part, vertex) pairs.
    let views: [[(part: Int32, vertex: Int32)]]
    /// Per preset view, the drawn pixels that have a drawn pixel to their right or below showing
    /// another vertex, as pairs of indices into that view's `views` list.
    let sideBySidePixels: [[(Int32, Int32)]]

    /// Two regions count as side by side in a view when their pixels meet along at least this many
    /// pixel edges (a border a few pixels long at the raster's 384 pixels, not a stray corner).
    static let minimumSharedEdges = 3

    init(parts: [Part]) {
        var sideBySide: [[(Int32, Int32)]] = []
        views = PresetView.all.map { view in
            let shown = parts.indices.filter { parts[$0].side == nil || view.side == nil || parts[$0].side == view.side }
            let raster = ViewRaster(meshes: shown.map { parts[$0].mesh }, view: view)
            var bases: [Int32] = [], total: Int32 = 0
            for i in shown { bases.append(total); total += Int32(parts[i].mesh.vertices.count) }
            // Position in the compacted list of each drawn pixel, −1 where nothing is drawn.
            let n = ViewRaster.size
            var slot = [Int32](repeating: -1, count: raster.vertex.count), next: Int32 = 0
            for (i, v) in raster.vertex.enumerated() where v >= 0 { slot[i] = next; next += 1 }
            var pairs: [(Int32, Int32)] = []
            for i in raster.vertex.indices where raster.vertex[i] >= 0 {
                for j in [i % n + 1 < n ? i + 1 : -1, i + n < raster.vertex.count ? i + n : -1]
                where j >= 0 && raster.vertex[j] >= 0 && raster.vertex[j] != raster.vertex[i] {
                    pairs.append((slot[i], slot[j]))
                }
            }
            sideBySide.append(pairs)
            return raster.vertex.compactMap { v -> (part: Int32, vertex: Int32)? in
                guard v >= 0 else { return nil }
                let k = bases.lastIndex { $0 <= v }!
                return (Int32(shown[k]), v - bases[k])
            }
        }
        sideBySidePixels = sideBySide
    }

    /// Pairs of different region ids whose pixels meet in at least one view along
    /// `minimumSharedEdges` pixel edges: the regions a reader sees side by side, folding included
    /// (areas that share no mesh edge but meet on screen across a sulcus).
    func sideBySide(labels: [[UInt16]]) -> Set<RegionAdjacency.Pair> {
        var out = Set<RegionAdjacency.Pair>()
        for (pixels, pairs) in zip(views, sideBySidePixels) {
            var edges: [RegionAdjacency.Pair: Int] = [:]
            for (a, b) in pairs {
                let pa = pixels[Int(a)], pb = pixels[Int(b)]
                let la = labels[Int(pa.part)][Int(pa.vertex)], lb = labels[Int(pb.part)][Int(pb.vertex)]
                if la != 0, lb != 0, la != lb { edges[RegionAdjacency.Pair(Int(la), Int(lb)), default: 0] += 1 }
            }
            for (pair, count) in edges where count >= Self.minimumSharedEdges { out.insert(pair) }
        }
        return out
    }

    /// Pairs of different region ids seen together (`labels[part][vertex]`, 0 = none).
    func pairs(labels: [[UInt16]]) -> Set<RegionAdjacency.Pair> {
        var out = Set<RegionAdjacency.Pair>()
        for pixels in views {
            var counts: [UInt16: Int] = [:]
            for p in pixels { counts[labels[Int(p.part)][Int(p.vertex)], default: 0] += 1 }
            let least = max(1, Int((Double(pixels.count) * Self.minimumShare).rounded(.up)))
            let seen = counts.filter { $0.key != 0 && $0.value >= least }.keys.sorted()
            for (i, a) in seen.enumerated() { for b in seen[(i + 1)...] { out.insert(RegionAdjacency.Pair(Int(a), Int(b))) } }
        }
        return out
    }

    /// A merged mesh cut into parts by a group per vertex (triangles lie within one group).
    static func split(_ mesh: TriangleMesh, group: [Int], sideOfGroup: (Int) -> Int?) -> (parts: [Part], labels: [[Int32]]) {
        let groups = Array(Set(group)).sorted()
        var parts: [Part] = [], indices: [[Int32]] = []
        for g in groups {
            var map = [Int32](repeating: -1, count: mesh.vertices.count), vertices: [SIMD3<Float>] = [], source: [Int32] = []
            for (v, gv) in group.enumerated() where gv == g {
                map[v] = Int32(vertices.count); vertices.append(mesh.vertices[v]); source.append(Int32(v))
            }
            let triangles = mesh.triangles.filter { group[Int($0.x)] == g }.map { SIMD3(map[Int($0.x)], map[Int($0.y)], map[Int($0.z)]) }
            parts.append(Part(mesh: TriangleMesh(vertices: vertices, triangles: triangles), side: sideOfGroup(g)))
            indices.append(source)
        }
        return (parts, indices)
    }
}
