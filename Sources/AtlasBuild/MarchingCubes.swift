/// Marching cubes on a scalar grid or binary mask: a closed, consistently wound surface in mm.
///
/// The grid is padded with "outside" so surfaces close at the volume border. Vertices on shared
/// cube edges are shared (one per grid edge), so the mesh is watertight; see `MarchingCubesTable`
/// for the face rule that keeps it crack-free. Deterministic: fixed scan order, no hashing.
public enum MarchingCubes {
    /// Surface of `{ value > iso }` on an `nx × ny × nz` grid (x fastest). `voxelToMM` is a row-major
    /// 3×4 (or 4×4) affine from voxel index to millimetres; a mirroring affine (negative determinant)
    /// gets its triangles reversed so they still face outward in millimetre space.
    public static func extract(values: [Float], dims: SIMD3<Int>, iso: Float, voxelToMM: [[Double]]) -> TriangleMesh {
        let (nx, ny, nz) = (dims.x, dims.y, dims.z)
        precondition(values.count == nx * ny * nz, "MarchingCubes: \(values.count) values for \(dims)")
        // Padded copy: one layer of "outside" all round.
        let (px, py, pz) = (nx + 2, ny + 2, nz + 2)
        let outside = min(iso - 1, -1)
        var field = [Float](repeating: outside, count: px * py * pz)
        for z in 0 ..< nz {
            for y in 0 ..< ny {
                let src = nx * (y + ny * z), dst = 1 + px * (y + 1 + py * (z + 1))
                for x in 0 ..< nx { field[dst + x] = values[src + x] }
            }
        }
        let table = MarchingCubesTable.shared
        let stride = [1, px, px * py]
        let cornerOffset = (0 ..< 8).map { c in (c & 1) * stride[0] + (c >> 1 & 1) * stride[1] + (c >> 2 & 1) * stride[2] }
        let edgeOffset = table.edges.map { cornerOffset[$0.corner] }
        // One vertex per grid edge, keyed by (lower grid point, axis).
        var edgeVertex = [[Int32]](repeating: [], count: 3)
        for a in 0 ..< 3 { edgeVertex[a] = [Int32](repeating: -1, count: px * py * pz) }
        var grid: [SIMD3<Float>] = []  // positions in padded voxel units
        var tris: [SIMD3<Int32>] = []
        var slot = [Int32](repeating: 0, count: 16)

        for z in 0 ..< pz - 1 {
            for y in 0 ..< py - 1 {
                for x in 0 ..< px - 1 {
                    let base = x + px * (y + py * z)
                    var mask = 0
                    for c in 0 ..< 8 where field[base + cornerOffset[c]] > iso { mask |= 1 << c }
                    if mask == 0 || mask == 255 { continue }
                    let entry = table.cases[mask]
                    for (e, edge) in table.edges.enumerated() where (mask >> edge.corner & 1) != (mask >> edge.upper & 1) {
                        let g = base + edgeOffset[e]
                        if edgeVertex[edge.axis][g] < 0 {
                            let v0 = field[g], v1 = field[g + stride[edge.axis]]
                            let t = (iso - v0) / (v1 - v0)
                            var p = SIMD3<Float>(Float(x + (edge.corner & 1)), Float(y + (edge.corner >> 1 & 1)),
                                                 Float(z + (edge.corner >> 2 & 1)))
                            p[edge.axis] += t
                            edgeVertex[edge.axis][g] = Int32(grid.count)
                            grid.append(p)
                        }
                        slot[e] = edgeVertex[edge.axis][g]
                    }
                    for (k, loop) in entry.centreLoops.enumerated() {
                        var sum = SIMD3<Float>.zero
                        for e in loop { sum += grid[Int(slot[Int(e)])] }
                        slot[12 + k] = Int32(grid.count)
                        grid.append(sum / Float(loop.count))
                    }
                    for t in entry.triangles { tris.append(SIMD3(slot[Int(t.0)], slot[Int(t.1)], slot[Int(t.2)])) }
                }
            }
        }
        return map(TriangleMesh(vertices: grid, triangles: tris), shift: -1, voxelToMM: voxelToMM)
    }

    /// Surface of a 0/1 mask (vertices at edge midpoints).
    public static func extract(mask: VoxelMask, voxelToMM: [[Double]]) -> TriangleMesh {
        extract(values: mask.voxels.map { Float($0) }, dims: mask.dims, iso: 0.5, voxelToMM: voxelToMM)
    }

    /// Applies the affine to padded-grid positions; reverses winding for mirroring affines.
    static func map(_ mesh: TriangleMesh, shift: Float, voxelToMM a: [[Double]]) -> TriangleMesh {
        var out = mesh
        for (k, p) in mesh.vertices.enumerated() {
            let i = Double(p.x + shift), j = Double(p.y + shift), l = Double(p.z + shift)
            out.vertices[k] = SIMD3(Float(a[0][0] * i + a[0][1] * j + a[0][2] * l + a[0][3]),
                                    Float(a[1][0] * i + a[1][1] * j + a[1][2] * l + a[1][3]),
                                    Float(a[2][0] * i + a[2][1] * j + a[2][2] * l + a[2][3]))
        }
        let det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        if det < 0 { out.triangles = mesh.triangles.map { SIMD3($0.x, $0.z, $0.y) } }
        return out
    }
}
