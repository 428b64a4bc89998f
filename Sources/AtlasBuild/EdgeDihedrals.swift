import Foundation

extension TriangleMesh {
    /// One edge shared by two faces and the angle between their normals.
    struct EdgeDihedral {
        var a: Int32
        var b: Int32
        var degrees: Double
    }

    /// The angle between the normals of the two faces of every interior edge, in edge order
    /// (lower vertex index first): voxel staircases, creases and spikes show as large angles.
    func edgeDihedrals() -> [EdgeDihedral] {
        let normals = triangles.map { t -> SIMD3<Double> in
            let a = SIMD3<Double>(vertices[Int(t.x)]), b = SIMD3<Double>(vertices[Int(t.y)]), c = SIMD3<Double>(vertices[Int(t.z)])
            let e1 = b - a, e2 = c - a
            let n = SIMD3(e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x)
            let l = (n * n).sum().squareRoot()
            return l > 0 ? n / l : .zero
        }
        // Each undirected edge once per face using it; sorted, the two faces of an edge are adjacent.
        var uses: [(key: UInt64, face: Int32)] = []
        uses.reserveCapacity(triangles.count * 3)
        for (f, t) in triangles.enumerated() {
            for (p, q) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] {
                uses.append((UInt64(UInt32(min(p, q))) << 32 | UInt64(UInt32(max(p, q))), Int32(f)))
            }
        }
        uses.sort { $0.key != $1.key ? $0.key < $1.key : $0.face < $1.face }
        var out: [EdgeDihedral] = []
        out.reserveCapacity(uses.count / 2)
        var k = 0
        while k + 1 < uses.count {
            guard uses[k].key == uses[k + 1].key else { k += 1; continue }
            let cosine = (normals[Int(uses[k].face)] * normals[Int(uses[k + 1].face)]).sum()
            out.append(EdgeDihedral(a: Int32(truncatingIfNeeded: uses[k].key >> 32), b: Int32(truncatingIfNeeded: uses[k].key & 0xFFFF_FFFF),
                                    degrees: acos(max(-1, min(1, cosine))) * 180 / .pi))
            k += 2
        }
        return out
    }
}
