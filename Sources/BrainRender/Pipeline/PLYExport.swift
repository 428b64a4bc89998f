import Foundation

extension AtlasScene {
    /// The scene's opaque meshes (shown ranges) as one binary PLY (positions and outward normals per vertex, the
    /// range colour per face), so another renderer (the VTK bench) draws exactly the same thing.
    public func plyData() -> Data {
        let layers = scene.layers.filter { $0.opacity >= 1 }
        let vertexCount = layers.reduce(0) { $0 + $1.geometry.mesh.vertexCount }
        let faceCount = layers.reduce(0) { total, layer in
            total + layer.geometry.grouping.ranges.enumerated()
                .filter { !layer.hiddenRanges.contains($0.offset) }.reduce(0) { $0 + $1.element.triangleCount }
        }
        var out = Data("""
            ply
            format binary_little_endian 1.0
            comment BrainTutor scene export (RAS mm)
            element vertex \(vertexCount)
            property float x
            property float y
            property float z
            property float nx
            property float ny
            property float nz
            element face \(faceCount)
            property list uchar int vertex_indices
            property uchar red
            property uchar green
            property uchar blue
            end_header

            """.utf8)
        out.reserveCapacity(out.count + vertexCount * 24 + faceCount * 16)
        func append<T>(_ value: T) { withUnsafeBytes(of: value) { out.append(contentsOf: $0) } }
        for layer in layers {
            let mesh = layer.geometry.mesh
            for i in 0..<mesh.vertexCount {
                let p = mesh.positions[i], n = mesh.normals[i]
                append(p.x.bitPattern.littleEndian); append(p.y.bitPattern.littleEndian); append(p.z.bitPattern.littleEndian)
                append(n.x.bitPattern.littleEndian); append(n.y.bitPattern.littleEndian); append(n.z.bitPattern.littleEndian)
            }
        }
        var base: Int32 = 0
        for layer in layers {
            let grouping = layer.geometry.grouping
            for (r, range) in grouping.ranges.enumerated() where !layer.hiddenRanges.contains(r) {
                let color = layer.colors[r]
                for t in range.triangleStart..<(range.triangleStart + range.triangleCount) {
                    append(UInt8(3))
                    for k in 0..<3 { append((base + Int32(grouping.sortedTriangles[3 * t + k])).littleEndian) }
                    append(color.r); append(color.g); append(color.b)
                }
            }
            base += Int32(layer.geometry.mesh.vertexCount)
        }
        return out
    }
}
