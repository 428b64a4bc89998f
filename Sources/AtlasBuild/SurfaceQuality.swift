import Foundation

/// Smoothness and fidelity figures of one closed surface: the angles between adjacent faces
/// (voxel staircases show as many large ones), the enclosed volume against the voxels it was made
/// from, and how far the vertices lie from the label boundary (`LabelBoundary`).
public struct SurfaceQuality: Codable, Sendable, Equatable {
    /// Mean angle between the normals of faces sharing an edge, degrees.
    public var meanDihedral: Double
    /// Share of those angles above 30°.
    public var shareOver30: Double
    /// Enclosed volume ÷ voxel volume.
    public var volumeRatio: Double
    /// Largest distance of a vertex from the label boundary, mm (`LabelBoundary.reach` voxels at most).
    public var maxBoundaryDistance: Double
    /// Edges measured (weights when figures of several surfaces are combined).
    public var edges: Int
    public var vertices: Int

    init(mesh: TriangleMesh, boundary: LabelBoundary, voxelVolume: Double) {
        let normals = mesh.triangles.map { t -> SIMD3<Double> in
            let a = SIMD3<Double>(mesh.vertices[Int(t.x)]), b = SIMD3<Double>(mesh.vertices[Int(t.y)])
            let c = SIMD3<Double>(mesh.vertices[Int(t.z)])
            let n = Self.cross(b - a, c - a)
            let l = (n * n).sum().squareRoot()
            return l > 0 ? n / l : .zero
        }
        // Each undirected edge once per face using it; sorted, the two faces of an edge are adjacent.
        var uses: [(key: UInt64, face: Int32)] = []
        uses.reserveCapacity(mesh.triangles.count * 3)
        for (f, t) in mesh.triangles.enumerated() {
            for (p, q) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] {
                uses.append((UInt64(UInt32(min(p, q))) << 32 | UInt64(UInt32(max(p, q))), Int32(f)))
            }
        }
        uses.sort { $0.key != $1.key ? $0.key < $1.key : $0.face < $1.face }
        var sum = 0.0, over = 0, count = 0
        var k = 0
        while k + 1 < uses.count {
            guard uses[k].key == uses[k + 1].key else { k += 1; continue }
            let angle = acos(max(-1, min(1, (normals[Int(uses[k].face)] * normals[Int(uses[k + 1].face)]).sum()))) * 180 / .pi
            sum += angle
            if angle > 30 { over += 1 }
            count += 1
            k += 2
        }
        meanDihedral = count > 0 ? sum / Double(count) : 0
        shareOver30 = count > 0 ? Double(over) / Double(count) : 0
        volumeRatio = voxelVolume > 0 ? Self.volume(mesh) / voxelVolume : 0
        maxBoundaryDistance = mesh.vertices.reduce(0) { max($0, boundary.distance($1)) }
        edges = count
        vertices = mesh.vertices.count
    }

    /// Edge-weighted means of several surfaces' figures (the worst volume ratio and distance).
    public init(combining parts: [SurfaceQuality]) {
        let n = Double(max(1, parts.reduce(0) { $0 + $1.edges }))
        meanDihedral = parts.reduce(0) { $0 + $1.meanDihedral * Double($1.edges) } / n
        shareOver30 = parts.reduce(0) { $0 + $1.shareOver30 * Double($1.edges) } / n
        volumeRatio = parts.map(\.volumeRatio).max { abs($0 - 1) < abs($1 - 1) } ?? 1
        maxBoundaryDistance = parts.map(\.maxBoundaryDistance).max() ?? 0
        edges = Int(n)
        vertices = parts.reduce(0) { $0 + $1.vertices }
    }

    /// Enclosed volume (divergence theorem), mm³; positive for outward counter-clockwise faces.
    static func volume(_ mesh: TriangleMesh) -> Double {
        var v = 0.0
        for t in mesh.triangles {
            let a = SIMD3<Double>(mesh.vertices[Int(t.x)]), b = SIMD3<Double>(mesh.vertices[Int(t.y)])
            let c = SIMD3<Double>(mesh.vertices[Int(t.z)])
            v += (a * Self.cross(b, c)).sum()
        }
        return v / 6
    }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    var line: String {
        String(format: "mean dihedral %.1f°, %.2f %% over 30°, volume %.1f %% of voxels (worst), vertices ≤ %.2f mm from the label boundary, %d vertices",
               meanDihedral, shareOver30 * 100, volumeRatio * 100, maxBoundaryDistance, vertices)
    }
}
