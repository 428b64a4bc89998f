import Foundation

extension SRFFile {
    /// File bytes in BV layout (planar arrays, little-endian); the inverse of `init(data:name:)`.
    public func encoded() throws -> Data {
        let nv = vertices.count
        func fail(_ field: String, _ message: String) -> FormatError {
            FormatError(file: "SRF output", field: field, message: message)
        }
        guard normals.count == nv else { throw fail("normals", "\(normals.count) normals for \(nv) vertices") }
        guard colors.count == nv else { throw fail("MeshColor", "\(colors.count) colours for \(nv) vertices") }
        guard neighbours.vertexCount == nv else { throw fail("neighbours", "\(neighbours.vertexCount) lists for \(nv) vertices") }
        if let problem = neighbours.inconsistency { throw fail("neighbours", problem) }
        guard triangles.count % 3 == 0 else { throw fail("triangles", "\(triangles.count) indices is not a multiple of 3") }
        guard nv <= Int(Int32.max), triangles.count / 3 <= Int(Int32.max) else { throw fail("NrOfVertices", "mesh too large") }

        var w = ByteWriter(capacity: 64 + 28 * nv + 4 * (nv + neighbours.indices.count + triangles.count + strips.count) + 16)
        w.f32(version)
        w.i32(surfaceType)
        w.i32(Int32(nv))
        w.i32(Int32(triangles.count / 3))
        w.f32(meshCenter.x); w.f32(meshCenter.y); w.f32(meshCenter.z)
        w.f32s(count: nv) { vertices[$0].x }
        w.f32s(count: nv) { vertices[$0].y }
        w.f32s(count: nv) { vertices[$0].z }
        w.f32s(count: nv) { normals[$0].x }
        w.f32s(count: nv) { normals[$0].y }
        w.f32s(count: nv) { normals[$0].z }
        for c in [convexColor, concaveColor] {
            w.f32(c.x); w.f32(c.y); w.f32(c.z); w.f32(c.w)
        }
        for c in colors { w.u32(c) }
        for i in 0..<nv {
            let list = neighbours[i]
            w.i32(Int32(list.count))
            w.i32s(list)
        }
        w.i32s(triangles)
        w.i32(Int32(strips.count))
        w.i32s(strips)
        // nil = the file had no MTC string (v3, or a v4 file that ends after the strips).
        if version >= 3.95, let mtcName { w.cString(mtcName) }
        w.bytes(trailer)
        return w.asData
    }
}
