import BrainAtlas
import BrainFormats

/// The connected pieces of each region on one hemisphere's mesh (vertices joined by triangle
/// edges). Anatomy draws most areas as one piece, so a rule-built area in two pieces is either a
/// rule that leaks across a border or a split the recipe explains (`RegionRecipe.piecesReason`).
struct SurfacePieces: Sendable {
    /// Vertex counts of the pieces of each region id (index = id), largest first; id 0 is empty.
    let sizes: [[Int]]

    /// The piece of each vertex, named by its lowest vertex index (unlabelled vertices: their own).
    let piece: [Int]

    /// `labels[v]`: region id of vertex v (0 = none), `regionCount` ids in all.
    init(labels: [UInt16], triangles: [SIMD3<Int32>], regionCount: Int) {
        var parent = Array(labels.indices)
        func root(_ v: Int) -> Int {
            var r = v
            while parent[r] != r { r = parent[r] }
            var w = v
            while parent[w] != r { let next = parent[w]; parent[w] = r; w = next }
            return r
        }
        for t in triangles {
            let vs = [Int(t.x), Int(t.y), Int(t.z)]
            guard vs.allSatisfy({ $0 >= 0 && $0 < labels.count }) else { continue }
            for (a, b) in [(vs[0], vs[1]), (vs[1], vs[2]), (vs[2], vs[0])] where labels[a] == labels[b] && labels[a] != 0 {
                let ra = root(a), rb = root(b)
                // The smaller index becomes the root, so the result does not depend on triangle order.
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
        let piece = labels.indices.map(root)
        var count: [Int: Int] = [:]
        for v in labels.indices where labels[v] != 0 { count[piece[v], default: 0] += 1 }
        var sizes = [[Int]](repeating: [], count: regionCount + 1)
        for (r, n) in count where Int(labels[r]) <= regionCount { sizes[Int(labels[r])].append(n) }
        self.sizes = sizes.map { $0.sorted(by: >) }
        self.piece = piece
    }
}

extension SurfacePieces {
    /// Pieces below this many vertices (about 50 mm² of cortex on fsaverage6) that are not their
    /// area's largest are specks the source parcellations leave at their borders (a thresholded
    /// histology label, a PALS-B12 area ending a vertex past a gyrus), not anatomy.
    static let speckVertices = 30

    /// `labels` with every speck given to a bordering area: among the neighbours across its edge,
    /// the ones whose textbook gyri hold most of the speck (`onGyri(id, vertex)`) if any, and of
    /// those the commonest (ties to the lower id); specks with no labelled neighbour stay. One
    /// pass, so the result does not depend on the order specks are visited.
    static func absorbingSpecks(_ labels: [UInt16], triangles: [SIMD3<Int32>], regionCount: Int,
                                onGyri: (UInt16, Int) -> Bool = { _, _ in true }) -> [UInt16] {
        let pieces = SurfacePieces(labels: labels, triangles: triangles, regionCount: regionCount)
        var size: [Int: Int] = [:]
        for v in labels.indices where labels[v] != 0 { size[pieces.piece[v], default: 0] += 1 }
        // The largest piece of each region (ties: the lower root) is never a speck.
        var largest: [UInt16: Int] = [:]
        for (root, n) in size.sorted(by: { $0.key < $1.key }) {
            let id = labels[root]
            if let best = largest[id], size[best]! >= n { continue }
            largest[id] = root
        }
        var border: [Int: [UInt16: Int]] = [:]
        for t in triangles {
            let vs = [Int(t.x), Int(t.y), Int(t.z)]
            guard vs.allSatisfy({ $0 >= 0 && $0 < labels.count }) else { continue }
            for (a, b) in [(vs[0], vs[1]), (vs[1], vs[2]), (vs[2], vs[0]), (vs[1], vs[0]), (vs[2], vs[1]), (vs[0], vs[2])]
            where labels[a] != 0 && labels[b] != 0 && labels[a] != labels[b] {
                let root = pieces.piece[a]
                guard size[root]! < speckVertices, largest[labels[a]] != root else { continue }
                border[root, default: [:]][labels[b], default: 0] += 1
            }
        }
        var members: [Int: [Int]] = [:]
        for v in labels.indices where border[pieces.piece[v]] != nil { members[pieces.piece[v], default: []].append(v) }
        var out = labels
        for (root, counts) in border {
            let vertices = members[root] ?? []
            let fitting = counts.filter { c in vertices.filter { onGyri(c.key, $0) }.count * 2 > vertices.count }
            let choice = (fitting.isEmpty ? counts : fitting).max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!.key
            for v in vertices { out[v] = choice }
        }
        return out
    }
}

extension SurfacePieces {
    /// One area in more than one piece with no reason given in the recipe.
    struct Split: Sendable, Equatable {
        var atlas: String
        var area: String
        var hemisphere: Hemisphere
        var sizes: [Int]
        /// Mean mid-thickness position of each piece, MNI mm, in the order of `sizes`.
        var centres: [SIMD3<Int>] = []

        var description: String {
            "\(area) (\(hemisphere.rawValue)): " + zip(sizes, centres).map { "\($0) vertices at (\($1.x), \($1.y), \($1.z))" }.joined(separator: ", ")
        }
    }

    /// Every region of a rules atlas that is split on its side's mesh without a `piecesReason`;
    /// `mid` gives the vertex positions that locate the pieces.
    static func unexplained(_ atlas: LabelledAtlas, triangles: [[SIMD3<Int32>]], mid: [[SIMD3<Float>]]) -> [Split] {
        guard let labels = atlas.vertexLabels else { return [] }
        let regions = atlas.regions.regions
        var out: [Split] = []
        for s in Side.allCases {
            let pieces = SurfacePieces(labels: labels[s.rawValue], triangles: triangles[s.rawValue], regionCount: regions.count)
            for (i, r) in regions.enumerated() where r.hemisphere == s.hemisphere && pieces.sizes[i + 1].count > 1 && r.piecesReason == nil {
                var sum: [Int: (SIMD3<Float>, Int)] = [:]
                for v in labels[s.rawValue].indices where labels[s.rawValue][v] == UInt16(i + 1) {
                    let e = sum[pieces.piece[v]] ?? (SIMD3<Float>(0, 0, 0), 0)
                    sum[pieces.piece[v]] = (e.0 + mid[s.rawValue][v], e.1 + 1)
                }
                let ordered = sum.sorted { $0.value.1 != $1.value.1 ? $0.value.1 > $1.value.1 : $0.key < $1.key }
                out.append(Split(atlas: atlas.recipe.name, area: r.name, hemisphere: r.hemisphere, sizes: ordered.map(\.value.1),
                                 centres: ordered.map { e in SIMD3<Int>((e.value.0 / Float(e.value.1)).rounded(.toNearestOrAwayFromZero)) }))
            }
        }
        return out
    }
}
