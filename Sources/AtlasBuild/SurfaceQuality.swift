import Foundation

/// Smoothness and fidelity figures of one closed surface: the angles between adjacent faces
/// (voxel staircases show as many large ones), the enclosed volume against the voxels it was made
/// from, and how far the vertices lie from the label boundary (`LabelBoundary`).
public struct SurfaceQuality: Codable, Sendable, Equatable {
    /// Angle between adjacent faces above which an edge counts as a crease, degrees.
    public static let creaseLimit = 60.0
    /// Mean angle between the normals of faces sharing an edge, degrees.
    public var meanDihedral: Double
    /// Share of those angles above 30°.
    public var shareOver30: Double
    /// The largest of those angles, degrees (a crease or a spike).
    public var maxDihedral: Double
    /// Edges whose faces meet at more than `creaseLimit`.
    public var creases: Int
    /// Vertex counts of the surface's connected pieces, largest first (one for a single body).
    public var pieces: [Int]
    /// Vertex counts of marching-cubes pieces left out of the surface (blurring cut them off).
    public var droppedPieces: [Int] = []
    /// Enclosed volume ÷ voxel volume.
    public var volumeRatio: Double
    /// Largest distance of a vertex from the label boundary, mm (`LabelBoundary.reach` voxels at most).
    public var maxBoundaryDistance: Double
    /// Edges measured (weights when figures of several surfaces are combined).
    public var edges: Int
    public var vertices: Int

    init(mesh: TriangleMesh, boundary: LabelBoundary, voxelVolume: Double) {
        var sum = 0.0, over = 0, count = 0, worst = 0.0, creases = 0
        for e in mesh.edgeDihedrals() {
            sum += e.degrees
            if e.degrees > 30 { over += 1 }
            if e.degrees > Self.creaseLimit { creases += 1 }
            worst = max(worst, e.degrees)
            count += 1
        }
        meanDihedral = count > 0 ? sum / Double(count) : 0
        shareOver30 = count > 0 ? Double(over) / Double(count) : 0
        maxDihedral = worst
        self.creases = creases
        pieces = mesh.pieceSizes
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
        maxDihedral = parts.map(\.maxDihedral).max() ?? 0
        creases = parts.reduce(0) { $0 + $1.creases }
        pieces = parts.flatMap(\.pieces).sorted(by: >)
        droppedPieces = parts.flatMap(\.droppedPieces).sorted(by: >)
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
        String(format: "mean dihedral %.1f°, %.2f %% over 30°, largest %.0f°, %d edges over %.0f°, volume %.1f %% of voxels (worst), vertices ≤ %.2f mm from the label boundary, %d vertices in ",
               meanDihedral, shareOver30 * 100, maxDihedral, creases, Self.creaseLimit, volumeRatio * 100, maxBoundaryDistance, vertices)
            + (pieces.count == 1 ? "one piece" : "\(pieces.count) pieces (\(pieces.map(String.init).joined(separator: " + ")))")
            + (droppedPieces.isEmpty ? "" : ", dropped pieces of \(droppedPieces.map(String.init).joined(separator: ", ")) vertices")
    }
}
