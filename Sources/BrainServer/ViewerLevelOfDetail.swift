import BrainAtlas
import BrainRender

/// The subcortical mesh as the WebGL viewer gets it: merged by vertex clustering within each
/// region, so it travels in well under half the bytes while every region keeps its own surface
/// (vertices of different regions never merge) and the labels stay exact. Native renders and
/// `/api/pick` keep the full mesh.
struct ViewerLevelOfDetail {
    /// Cluster edge in mm: well under the structures' size and about a pixel of a full-window view.
    static let cellMillimetres: Float = 1.1
    /// Meshes the viewer gets at this level of detail.
    static let meshes: Set<MeshID> = [.subcortical]

    let mesh: RenderMesh
    /// Region id of each vertex of `mesh`.
    let labels: [UInt32]

    /// Clusters `full`'s vertices per (region, cell); nil when a region would lose every triangle
    /// (the viewer then gets the full mesh, as the scene's ranges need every region drawn).
    init?(full: RenderMesh, labels fullLabels: [UInt32], cell: Float = cellMillimetres) {
        var lo = SIMD3<Float>(repeating: .greatestFiniteMagnitude)
        for p in full.positions { lo = pointwiseMin(lo, p) }
        struct Key: Hashable { let label: UInt32, x: Int32, y: Int32, z: Int32 }
        var clusterOf = [Int](repeating: 0, count: full.vertexCount)
        var index: [Key: Int] = [:]
        var sums: [SIMD3<Float>] = [], counts: [Float] = [], labels: [UInt32] = []
        for (v, p) in full.positions.enumerated() {
            let c = ((p - lo) / cell).rounded(.down)
            let key = Key(label: fullLabels[v], x: Int32(c.x), y: Int32(c.y), z: Int32(c.z))
            let k: Int
            if let found = index[key] { k = found } else {
                k = sums.count
                index[key] = k
                sums.append(.zero); counts.append(0); labels.append(fullLabels[v])
            }
            clusterOf[v] = k
            sums[k] += p
            counts[k] += 1
        }
        var triangles: [UInt32] = []
        triangles.reserveCapacity(full.triangles.count / 2)
        var seen = Set<SIMD3<UInt32>>()
        var t = 0
        while t + 2 < full.triangles.count {
            let a = UInt32(clusterOf[Int(full.triangles[t])]), b = UInt32(clusterOf[Int(full.triangles[t + 1])])
            let c = UInt32(clusterOf[Int(full.triangles[t + 2])])
            t += 3
            guard a != b, b != c, a != c else { continue }
            // The same triangle reached twice (rotations included) is drawn once.
            let m = min(a, b, c)
            let rotated = m == a ? SIMD3(a, b, c) : m == b ? SIMD3(b, c, a) : SIMD3(c, a, b)
            guard seen.insert(rotated).inserted else { continue }
            triangles.append(contentsOf: [a, b, c])
        }
        var kept = Set<UInt32>(), had = Set<UInt32>()
        for i in stride(from: 0, to: full.triangles.count, by: 3) {
            had.insert(RegionGrouping.triangleLabel(fullLabels[Int(full.triangles[i])], fullLabels[Int(full.triangles[i + 1])],
                                                    fullLabels[Int(full.triangles[i + 2])]))
        }
        for i in stride(from: 0, to: triangles.count, by: 3) {
            kept.insert(RegionGrouping.triangleLabel(labels[Int(triangles[i])], labels[Int(triangles[i + 1])], labels[Int(triangles[i + 2])]))
        }
        guard had.isSubset(of: kept) else { return nil }
        let positions = zip(sums, counts).map { $0 / $1 }
        var mesh = RenderMesh(positions: positions, normals: positions, triangles: triangles, isClosed: full.isClosed)
        // Normals from the merged surface itself (area-weighted, as the renderer recomputes them).
        mesh.recomputeNormals()
        self.mesh = mesh
        self.labels = labels
    }
}
