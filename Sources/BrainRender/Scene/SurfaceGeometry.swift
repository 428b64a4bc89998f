/// A mesh with its per-vertex labels, grouped for drawing; immutable and shareable between
/// threads, so the server builds one per (mesh, atlas) and every GL context uploads it once.
public final class SurfaceGeometry: Sendable {
    public let mesh: RenderMesh
    /// Per-vertex label (0 = unlabelled); what a label means is up to the scene that uses it.
    public let vertexLabels: [UInt32]
    public let grouping: RegionGrouping
    /// Positions and normals interleaved (6 floats per vertex), ready for one buffer upload.
    let interleaved: [Float]
    /// Mesh bounds in RAS, for framing.
    public let boundsMin: SIMD3<Float>
    public let boundsMax: SIMD3<Float>

    public init(mesh: RenderMesh, vertexLabels: [UInt32]) throws(RenderError) {
        try mesh.validate(file: "mesh")
        guard vertexLabels.count == mesh.vertexCount else {
            throw .badMesh(file: "mesh", field: "labels",
                           problem: "\(vertexLabels.count) labels for \(mesh.vertexCount) vertices")
        }
        self.mesh = mesh
        self.vertexLabels = vertexLabels
        grouping = RegionGrouping(triangles: mesh.triangles, vertexLabels: vertexLabels)
        var data = [Float](repeating: 0, count: mesh.vertexCount * 6)
        var lo = SIMD3<Float>(repeating: .greatestFiniteMagnitude)
        var hi = SIMD3<Float>(repeating: -.greatestFiniteMagnitude)
        for i in 0..<mesh.vertexCount {
            let p = mesh.positions[i], n = mesh.normals[i]
            data[6 * i] = p.x; data[6 * i + 1] = p.y; data[6 * i + 2] = p.z
            data[6 * i + 3] = n.x; data[6 * i + 4] = n.y; data[6 * i + 5] = n.z
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
        }
        interleaved = data
        boundsMin = mesh.vertexCount > 0 ? lo : .zero
        boundsMax = mesh.vertexCount > 0 ? hi : .zero
    }
}
