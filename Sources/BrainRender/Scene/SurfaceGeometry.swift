/// A mesh with its per-vertex labels, grouped for drawing; immutable and shareable between
/// threads, so the server builds one per (mesh, atlas) and every GL context uploads it once.
public final class SurfaceGeometry: Sendable {
    /// The drawn mesh: the input mesh with its border triangles split (`BorderSplit`), input
    /// vertices first with their indices unchanged.
    public let mesh: RenderMesh
    /// Per-vertex label (0 = unlabelled); what a label means is up to the scene that uses it.
    public let vertexLabels: [UInt32]
    /// For each drawn vertex, the input vertex with its label that it stands for (picks report it).
    public let sourceVertex: [UInt32]
    public let grouping: RegionGrouping
    /// Mesh bounds in RAS, for framing.
    public let boundsMin: SIMD3<Float>
    public let boundsMax: SIMD3<Float>

    /// `splitBorders: false` draws the input triangles as they are (each one whole in the label
    /// of the majority of its corners).
    public init(mesh input: RenderMesh, vertexLabels inputLabels: [UInt32], splitBorders: Bool = true) throws(RenderError) {
        try input.validate(file: "mesh")
        guard inputLabels.count == input.vertexCount else {
            throw .badMesh(file: "mesh", field: "labels",
                           problem: "\(inputLabels.count) labels for \(input.vertexCount) vertices")
        }
        let split = splitBorders ? BorderSplit(mesh: input, labels: inputLabels) : nil
        let mesh = split?.mesh ?? input
        let vertexLabels = split?.labels ?? inputLabels
        sourceVertex = split?.sourceVertex ?? (0..<UInt32(input.vertexCount)).map { $0 }
        self.mesh = mesh
        self.vertexLabels = vertexLabels
        grouping = RegionGrouping(triangles: mesh.triangles, vertexLabels: vertexLabels)
        var lo = SIMD3<Float>(repeating: .greatestFiniteMagnitude)
        var hi = SIMD3<Float>(repeating: -.greatestFiniteMagnitude)
        for p in mesh.positions {
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
        }
        boundsMin = mesh.vertexCount > 0 ? lo : .zero
        boundsMax = mesh.vertexCount > 0 ? hi : .zero
    }

    /// Positions and normals interleaved (6 floats per vertex), made for each buffer upload: kept,
    /// they would double the geometry's memory, and a pick decided on the CPU never uploads.
    var interleaved: [Float] {
        var data = [Float](repeating: 0, count: mesh.vertexCount * 6)
        for i in 0..<mesh.vertexCount { writeVertex(i, into: &data, at: 6 * i) }
        return data
    }

    /// Vertex `i`'s six interleaved floats written at `offset` of `data`.
    func writeVertex(_ i: Int, into data: inout [Float], at offset: Int) {
        let p = mesh.positions[i], n = mesh.normals[i]
        data[offset] = p.x; data[offset + 1] = p.y; data[offset + 2] = p.z
        data[offset + 3] = n.x; data[offset + 4] = n.y; data[offset + 5] = n.z
    }
}
