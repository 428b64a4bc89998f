import COSMesa

/// The vertex and index buffers of geometries a context has drawn, so a scene drawn again
/// (the server's case) costs no upload. Bounded: the oldest entries are freed first.
struct GeometryBufferCache {
    struct Buffers {
        let vertexBuffer: GLuint
        let indexBuffer: GLuint
        /// Per-vertex convexity (one float each), 0 when the mesh has none.
        let curvatureBuffer: GLuint
        /// Per-vertex ambient openness (one float each), 0 when the mesh has none.
        let occlusionBuffer: GLuint
        /// Keeps the geometry alive so its ObjectIdentifier cannot be reused while cached.
        let geometry: SurfaceGeometry
    }

    static let capacity = 24
    private var entries: [(ObjectIdentifier, Buffers)] = []

    mutating func buffers(for geometry: SurfaceGeometry, gl: GLFunctions) -> Buffers {
        let key = ObjectIdentifier(geometry)
        if let index = entries.firstIndex(where: { $0.0 == key }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.1
        }
        let ids = Self.upload(vertices: geometry.interleaved, indices: geometry.grouping.sortedTriangles,
                              usage: GLenum(GL_STATIC_DRAW), gl: gl)
        let buffers = Buffers(vertexBuffer: ids.vertexBuffer, indexBuffer: ids.indexBuffer,
                              curvatureBuffer: Self.floats(geometry.mesh.curvature, gl: gl),
                              occlusionBuffer: Self.floats(geometry.mesh.occlusion, gl: gl), geometry: geometry)
        entries.append((key, buffers))
        if entries.count > Self.capacity {
            Self.free(entries.removeFirst().1, gl: gl)
        }
        return buffers
    }

    /// New vertex (interleaved floats) and index buffers holding the given data, left bound.
    static func upload(vertices: [Float], indices: [UInt32], usage: GLenum,
                       gl: GLFunctions) -> (vertexBuffer: GLuint, indexBuffer: GLuint) {
        var ids: [GLuint] = [0, 0]
        gl.genBuffers(2, &ids)
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), ids[0])
        vertices.withUnsafeBytes { gl.bufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr($0.count), $0.baseAddress, usage) }
        gl.bindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), ids[1])
        indices.withUnsafeBytes { gl.bufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), GLsizeiptr($0.count), $0.baseAddress, usage) }
        return (ids[0], ids[1])
    }

    /// A static buffer of one float per vertex, or 0 for nil.
    private static func floats(_ values: [Float]?, gl: GLFunctions) -> GLuint {
        guard let values else { return 0 }
        var id: GLuint = 0
        gl.genBuffers(1, &id)
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), id)
        values.withUnsafeBytes {
            gl.bufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr($0.count), $0.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        return id
    }

    /// Deletes a pair made by `upload`.
    static func free(_ vertexBuffer: GLuint, _ indexBuffer: GLuint, gl: GLFunctions) {
        var ids = [vertexBuffer, indexBuffer]
        gl.deleteBuffers(2, &ids)
    }

    /// Deletes a cached entry's buffers.
    private static func free(_ b: Buffers, gl: GLFunctions) {
        free(b.vertexBuffer, b.indexBuffer, gl: gl)
        for buffer in [b.curvatureBuffer, b.occlusionBuffer] where buffer != 0 {
            var id = buffer
            gl.deleteBuffers(1, &id)
        }
    }

    /// Frees one geometry's buffers (a throwaway geometry such as the warm-up triangle).
    mutating func release(_ geometry: SurfaceGeometry, _ gl: GLFunctions) {
        guard let index = entries.firstIndex(where: { $0.0 == ObjectIdentifier(geometry) }) else { return }
        Self.free(entries.remove(at: index).1, gl: gl)
    }

    mutating func releaseAll(_ gl: GLFunctions) {
        for (_, b) in entries { Self.free(b, gl: gl) }
        entries.removeAll()
    }
}
