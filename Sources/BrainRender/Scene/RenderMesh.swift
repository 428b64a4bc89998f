/// A triangle mesh in RAS millimetres (x right, y anterior, z superior), outward normals,
/// triangles counter-clockwise seen from outside.
public struct RenderMesh: Sendable {
    public var positions: [SIMD3<Float>]
    public var normals: [SIMD3<Float>]
    /// Three vertex indices per triangle.
    public var triangles: [UInt32]
    /// Closed surfaces are drawn with back-face culling.
    public var isClosed: Bool
    /// Where a picked vertex lies in MNI space: the pial positions for an inflated mesh, else nil
    /// (the mesh's own positions).
    public var anatomicalPositions: [SIMD3<Float>]?
    /// Per-vertex convexity, −1 (deepest sulcus) … +1 (gyral crown), for curvature shading
    /// (`CurvatureShading`); nil for meshes without it (subcortical, head, user files).
    public var curvature: [Float]?
    /// Per-vertex ambient openness, 0 (shut in) … 1 (open), baked at build time for the lit pass's
    /// ambient occlusion (`AmbientOcclusion`); nil for meshes without it.
    public var occlusion: [Float]?

    public init(positions: [SIMD3<Float>], normals: [SIMD3<Float>], triangles: [UInt32],
                isClosed: Bool = true, anatomicalPositions: [SIMD3<Float>]? = nil, curvature: [Float]? = nil) {
        self.positions = positions
        self.normals = normals
        self.triangles = triangles
        self.isClosed = isClosed
        self.anatomicalPositions = anatomicalPositions
        self.curvature = curvature
    }

    public var vertexCount: Int { positions.count }
    public var triangleCount: Int { triangles.count / 3 }

    /// Checks sizes and indices so a bad file cannot make the GPU read out of bounds.
    public func validate(file: String) throws(RenderError) {
        guard normals.count == positions.count else {
            throw .badMesh(file: file, field: "normals", problem: "\(normals.count) normals for \(positions.count) vertices")
        }
        guard triangles.count % 3 == 0 else {
            throw .badMesh(file: file, field: "triangles", problem: "index count \(triangles.count) is not a multiple of 3")
        }
        let limit = UInt32(positions.count)
        if let bad = triangles.firstIndex(where: { $0 >= limit }) {
            throw .badMesh(file: file, field: "triangles",
                           problem: "triangle \(bad / 3) uses vertex \(triangles[bad]) of \(positions.count)")
        }
        if let anatomical = anatomicalPositions, anatomical.count != positions.count {
            throw .badMesh(file: file, field: "vertices",
                           problem: "\(anatomical.count) anatomical positions for \(positions.count) vertices")
        }
        if let occlusion, occlusion.count != positions.count {
            throw .badMesh(file: file, field: "occlusion",
                           problem: "\(occlusion.count) occlusion values for \(positions.count) vertices")
        }
        if let curvature, curvature.count != positions.count {
            throw .badMesh(file: file, field: "curvature",
                           problem: "\(curvature.count) curvature values for \(positions.count) vertices")
        }
    }

    /// Replaces normals by area-weighted face normals (for meshes whose stored normals are unusable).
    public mutating func recomputeNormals() {
        var sums = [SIMD3<Float>](repeating: .zero, count: positions.count)
        var t = 0
        while t + 2 < triangles.count {
            let a = Int(triangles[t]), b = Int(triangles[t + 1]), c = Int(triangles[t + 2])
            let n = cross(positions[b] - positions[a], positions[c] - positions[a])
            sums[a] += n; sums[b] += n; sums[c] += n
            t += 3
        }
        normals = sums.map { v in
            let length = (v * v).sum().squareRoot()
            return length > 0 ? v / length : SIMD3(0, 0, 1)
        }
    }
}

@inline(__always) func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

@inline(__always) func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }
