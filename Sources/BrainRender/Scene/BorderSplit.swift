/// Splits the triangles whose corners carry different labels so region borders run through
/// triangle interiors instead of zig-zagging along triangle edges: each border edge is cut at a
/// point of a relaxed border line (`BorderCuts`), and three labels meet at the mean of the
/// triangle's three cuts. Every piece has one label on all its corners, so the
/// majority rule of `RegionGrouping` gives it that label, and the lit and pick passes, which draw
/// the same geometry, still agree. New vertices are appended after the mesh's own (their
/// indices are unchanged) and come in one copy per label at the same position, so neighbouring
/// pieces share exact coordinates and rasterise without cracks.
struct BorderSplit {
    let mesh: RenderMesh
    let labels: [UInt32]
    /// For each vertex, a vertex of the input mesh with the same label (itself for input
    /// vertices): what a pick reports, so vertex numbers keep meaning the input mesh's.
    let sourceVertex: [UInt32]

    private struct EdgeKey: Hashable {
        let low: UInt32, high: UInt32, label: UInt32
    }

    /// `relaxation` 0 cuts border edges at their midpoints; more steps straighten the borders.
    /// `absorbIslands` relabels one-vertex islands and spurs first (`IslandVertices`).
    init(mesh input: RenderMesh, labels sourceLabels: [UInt32], relaxation: Int = BorderCuts.defaultRelaxation,
         absorbIslands: Bool = true) {
        let inputLabels = absorbIslands ? IslandVertices.absorbed(sourceLabels, triangles: input.triangles) : sourceLabels
        let cuts = BorderCuts(positions: input.positions, triangles: input.triangles, labels: inputLabels,
                              relaxation: relaxation)
        var positions = input.positions
        var normals = input.normals
        var anatomical = input.anatomicalPositions
        var curvature = input.curvature
        var occlusion = input.occlusion
        var labels = inputLabels
        var source = (0..<UInt32(input.vertexCount)).map { $0 }
        var triangles: [UInt32] = []
        triangles.reserveCapacity(input.triangles.count)
        // Each border edge has two cut copies, one per end's label: slot 2 × edge (+1 for the
        // higher end), the edge numbered by `cuts`. Others (none expected) fall back to a dictionary.
        var midpoints = [UInt32](repeating: .max, count: 2 * cuts.edges.count)
        var otherMidpoints: [EdgeKey: UInt32] = [:]

        /// A vertex at the weighted mean of `corners` (weights sum to 1). A border triangle makes
        /// several: the corners come as a count and a function, so none allocates an array.
        func append(_ count: Int, _ corners: (Int) -> (Int, Float), label: UInt32, source from: Int) -> UInt32 {
            var p = SIMD3<Float>.zero, normal = SIMD3<Float>.zero, a = SIMD3<Float>.zero, k: Float = 0, o: Float = 0
            for i in 0..<count {
                let (c, w) = corners(i)
                p += w * input.positions[c]
                normal += w * input.normals[c]
                if let anat = input.anatomicalPositions { a += w * anat[c] }
                if let curv = input.curvature { k += w * curv[c] }
                if let open = input.occlusion { o += w * open[c] }
            }
            let length = (normal * normal).sum().squareRoot()
            positions.append(p)
            normals.append(length > 0 ? normal / length : input.normals[from])
            anatomical?.append(a)
            curvature?.append(k)
            occlusion?.append(o)
            labels.append(label)
            source.append(UInt32(from))
            return UInt32(positions.count - 1)
        }
        /// The cut point of edge (a, b) in its copy for `label`; `from` is the corner with that label.
        func midpoint(_ a: UInt32, _ b: UInt32, label: UInt32, from: UInt32) -> UInt32 {
            let low = min(a, b), high = max(a, b)
            let edge = cuts.edges.index(a, b)
            let slot = edge.map { 2 * $0 + (from == low ? 0 : 1) }
            let key = EdgeKey(low: low, high: high, label: label)
            if let slot, midpoints[slot] != .max { return midpoints[slot] }
            if slot == nil, let v = otherMidpoints[key] { return v }
            let (wa, wb) = cuts.weights(edge: edge, a, b)
            let v = append(2, { $0 == 0 ? (Int(a), wa) : (Int(b), wb) }, label: label, source: Int(from))
            if let slot { midpoints[slot] = v } else { otherMidpoints[key] = v }
            return v
        }

        var t = 0
        let tris = input.triangles
        while t + 2 < tris.count {
            let a = tris[t], b = tris[t + 1], c = tris[t + 2]
            t += 3
            let la = inputLabels[Int(a)]
            if la == inputLabels[Int(b)] && la == inputLabels[Int(c)] {
                // Most triangles: no arrays built on this path.
                triangles.append(a); triangles.append(b); triangles.append(c)
                continue
            }
            let lb = inputLabels[Int(b)], lc = inputLabels[Int(c)]
            if la != lb && lb != lc && la != lc {
                let v = [a, b, c], l = [la, lb, lc]
                var junction: [(Int, Float)] = []
                for k in 0..<3 {
                    let (wa, wb) = cuts.weights(v[k], v[(k + 1) % 3])
                    junction += [(Int(v[k]), wa / 3), (Int(v[(k + 1) % 3]), wb / 3)]
                }
                // Three labels: each corner keeps the quad (corner, next midpoint, centroid, previous midpoint).
                for k in 0..<3 {
                    let c = v[k], next = v[(k + 1) % 3], previous = v[(k + 2) % 3]
                    let g = append(junction.count, { junction[$0] }, label: l[k], source: Int(c))
                    let mNext = midpoint(c, next, label: l[k], from: c)
                    let mPrevious = midpoint(previous, c, label: l[k], from: c)
                    triangles += [c, mNext, g, c, g, mPrevious]
                }
                continue
            }
            // Two labels: rotate (keeping the winding) so the odd corner r comes last after p, q.
            let (p, q, r, major, minor) = la == lb ? (a, b, c, la, lc) : (lb == lc ? (b, c, a, lb, la) : (c, a, b, lc, lb))
            let qrMajor = midpoint(q, r, label: major, from: q), rpMajor = midpoint(r, p, label: major, from: p)
            let qrMinor = midpoint(q, r, label: minor, from: r), rpMinor = midpoint(r, p, label: minor, from: r)
            triangles.append(p); triangles.append(q); triangles.append(qrMajor)
            triangles.append(p); triangles.append(qrMajor); triangles.append(rpMajor)
            triangles.append(qrMinor); triangles.append(r); triangles.append(rpMinor)
        }
        var mesh = input
        mesh.positions = positions
        mesh.normals = normals
        mesh.anatomicalPositions = anatomical
        mesh.curvature = curvature
        mesh.occlusion = occlusion
        mesh.triangles = triangles
        self.mesh = mesh
        self.labels = labels
        sourceVertex = source
    }
}
