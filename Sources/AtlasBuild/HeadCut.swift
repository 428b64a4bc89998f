/// The lower edge of the head surface. The template's field of view ends below the chin, so the head
/// mask is cut by the bottom of the volume and the surface closes with a flat cap there; marching
/// cubes on 2 mm blocks leave the rim of that cap as a staircase, which Taubin smoothing, meant for
/// the curved scalp, turns into a serrated edge. The cap is made exactly flat and its rim smoothed
/// as a closed curve in the cut plane (Taubin steps along the rim only, so it does not shrink),
/// then the band of scalp just above the rim follows with a few ordinary steps. Last, the cap gets
/// vertices of its own along the rim: shared with the side wall, each rim vertex's normal leaned
/// halfway between the two faces, and the shading drew a dotted band along the edge seen from the
/// side. Apart, the cap is lit as one flat face and the wall keeps its own curvature to the edge;
/// the two still meet at the same positions, so the surface stays closed as a shape.
enum HeadCut {
    /// Vertices this close (mm) to the lowest one belong to the cap.
    static let capTolerance: Float = 1.0
    static let rimIterations = 40

    static func smoothed(_ mesh: TriangleMesh) -> TriangleMesh {
        guard let bottom = mesh.vertices.map(\.z).min() else { return mesh }
        let n = MeshSmoothing.neighbours(of: mesh)
        func around(_ v: Int) -> ArraySlice<Int32> { n.list[Int(n.offsets[v]) ..< Int(n.offsets[v + 1])] }
        let cap = mesh.vertices.map { $0.z <= bottom + capTolerance }
        let rim = mesh.vertices.indices.filter { v in cap[v] && around(v).contains { !cap[Int($0)] } }
        guard rim.count >= 3 else { return mesh }
        var out = mesh
        for v in mesh.vertices.indices where cap[v] { out.vertices[v].z = bottom }
        let isRim = Set(rim)
        let rimNeighbours = rim.map { v in around(v).map(Int.init).filter { isRim.contains($0) } }
        for _ in 0 ..< rimIterations {
            for factor: Float in [0.5, -0.53] {
                let moved = rim.indices.map { i -> SIMD2<Float> in
                    let p = SIMD2(out.vertices[rim[i]].x, out.vertices[rim[i]].y)
                    let ns = rimNeighbours[i]
                    guard !ns.isEmpty else { return p }
                    let mean = ns.reduce(SIMD2<Float>.zero) { $0 + SIMD2(out.vertices[$1].x, out.vertices[$1].y) } / Float(ns.count)
                    return p + factor * (mean - p)
                }
                for (i, p) in moved.enumerated() { out.vertices[rim[i]].x = p.x; out.vertices[rim[i]].y = p.y }
            }
        }
        // The scalp within a few millimetres above the rim follows it with plain umbrella steps.
        let band = mesh.vertices.indices.filter { !cap[$0] && out.vertices[$0].z <= bottom + 6 }
        for _ in 0 ..< 4 {
            let moved = band.map { v -> SIMD3<Float> in
                let ns = around(v)
                let mean = ns.reduce(SIMD3<Float>.zero) { $0 + out.vertices[Int($1)] } / Float(ns.count)
                return out.vertices[v] + 0.5 * (mean - out.vertices[v])
            }
            for (i, v) in band.enumerated() { out.vertices[v] = moved[i] }
        }
        return split(out, bottom: bottom)
    }

    /// `mesh` with the triangles lying in the cut plane given copies of their rim vertices.
    static func split(_ mesh: TriangleMesh, bottom: Float) -> TriangleMesh {
        let onCap = mesh.vertices.map { $0.z == bottom }
        let isCap = mesh.triangles.map { onCap[Int($0.x)] && onCap[Int($0.y)] && onCap[Int($0.z)] }
        var usedByWall = [Bool](repeating: false, count: mesh.vertices.count)
        for (t, cap) in zip(mesh.triangles, isCap) where !cap { for k in 0 ..< 3 { usedByWall[Int(t[k])] = true } }
        var out = mesh
        var copy = [Int32](repeating: -1, count: mesh.vertices.count)
        for (n, t) in mesh.triangles.enumerated() where isCap[n] {
            for k in 0 ..< 3 where usedByWall[Int(t[k])] {
                let v = Int(t[k])
                if copy[v] < 0 { copy[v] = Int32(out.vertices.count); out.vertices.append(mesh.vertices[v]) }
                out.triangles[n][k] = copy[v]
            }
        }
        return out
    }
}
