import Foundation

extension SRFFile {
    /// Parses SRF bytes; `name` labels errors. Counts are bounded by the file size before any allocation,
    /// and every index is range-checked.
    /// `skippingNeighbours` checks the neighbour lists without keeping them (`neighbours` is empty).
    public init(data: Data, name: String, skippingNeighbours: Bool = false) throws {
        self = try data.withUnsafeBytes { raw in
            var r = ByteReader(raw, file: name)
            return try SRFFile.parse(&r, keepsNeighbours: !skippingNeighbours)
        }
    }

    /// The fixed header's version, surface type and counts, checked (shared with the header read).
    static func readCounts(_ r: inout ByteReader) throws -> (version: Float, surfaceType: Int32, vertices: Int, triangles: Int) {
        let version = try r.f32("FileVersion")
        guard version.isFinite, abs(version - 3) < 0.05 || (version >= 3.95 && version < 4.5) else {
            throw r.error("FileVersion", "version \(version) is not a known SRF version (3, 4, 4.1)")
        }
        let surfaceType = try r.i32("SurfaceType")
        let nv = Int(try r.i32("NrOfVertices"))
        let nt = Int(try r.i32("NrOfTriangles"))
        guard nv >= 0 else { throw r.error("NrOfVertices", "negative count \(nv)") }
        guard nt >= 0 else { throw r.error("NrOfTriangles", "negative count \(nt)") }
        return (version, surfaceType, nv, nt)
    }

    private static func parse(_ r: inout ByteReader, keepsNeighbours: Bool) throws -> SRFFile {
        let size = r.bytes.count
        let (version, surfaceType, nv, nt) = try readCounts(&r)
        let minimum = 60 + 28 * nv + 12 * nt + 4
        guard minimum <= size else {
            throw r.error("NrOfVertices", "\(nv) vertices and \(nt) triangles need at least \(minimum) bytes but the file has \(size)")
        }
        let center = SIMD3(try r.f32("MeshCenterX"), try r.f32("MeshCenterY"), try r.f32("MeshCenterZ"))
        let vertices = try r.planarPoints(nv, field: "vertices")
        for (i, v) in vertices.enumerated() where !(v.x.isFinite && v.y.isFinite && v.z.isFinite) {
            throw r.error("vertex \(i)", "coordinate \(v) is not finite")
        }
        let normals = try r.planarPoints(nv, field: "normals")
        let convex = SIMD4(try r.f32("ConvexR"), try r.f32("ConvexG"), try r.f32("ConvexB"), try r.f32("ConvexA"))
        let concave = SIMD4(try r.f32("ConcaveR"), try r.f32("ConcaveG"), try r.f32("ConcaveB"), try r.f32("ConcaveA"))
        let colors = try r.u32Array(nv, field: "MeshColor")
        let neighbours = try readNeighbours(&r, vertexCount: nv, triangleBytes: 12 * nt, keeps: keepsNeighbours)
        let triangles = try r.i32Array(3 * nt, field: "triangles")
        if let bad = firstOutOfRange(triangles, lower: 0, upper: Int32(truncatingIfNeeded: nv)) {
            throw r.error("triangle \(bad / 3)", "vertex index \(triangles[bad]) outside 0..<\(nv)")
        }
        let ns = Int(try r.i32("NrOfStripElements"))
        guard ns >= 0 else { throw r.error("NrOfStripElements", "negative count \(ns)") }
        let strips = try r.i32Array(ns, field: "NrOfStripElements (\(ns) indices)")
        if let bad = firstOutOfRange(strips, lower: -1, upper: Int32(truncatingIfNeeded: nv)) {
            throw r.error("strip element \(bad)", "vertex index \(strips[bad]) outside −1..<\(nv)")
        }
        var mtc: RawString?
        // Some v4 writers end right after the strips: no MTC string at all (nil, so the writer omits it too).
        if version >= 3.95 && !r.isAtEnd { mtc = try r.cString("AutoLinkedMTC", maxLength: 4096) }
        let trailer = try r.bytes(r.remaining, field: "trailer")
        return SRFFile(version: version, surfaceType: surfaceType, meshCenter: center, vertices: vertices,
                       normals: normals, convexColor: convex, concaveColor: concave, colors: colors,
                       neighbours: neighbours, triangles: triangles, strips: strips, mtcName: mtc, trailer: trailer)
    }

    private static func readNeighbours(_ r: inout ByteReader, vertexCount nv: Int, triangleBytes: Int,
                                       keeps: Bool) throws -> MeshNeighbours {
        var offsets = [Int32](repeating: 0, count: keeps ? nv + 1 : 1)
        var indices = [Int32]()
        // The lists occupy the bytes before the triangles; that bounds the first reservation.
        if keeps { indices.reserveCapacity(max(0, min((r.remaining - triangleBytes) / 4, 16 * nv))) }
        var entries = 0
        let raw = r.bytes
        var at = r.offset
        let end = raw.count - triangleBytes - 4
        let limit = Int32(truncatingIfNeeded: nv)
        for i in 0..<nv {
            guard at + 4 <= end else { throw r.error("neighbours of vertex \(i)", "list runs past the end of the file (truncated?)") }
            let n = Int(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self)))
            at += 4
            guard n >= 0 else { throw r.error("neighbours of vertex \(i)", "negative count \(n)") }
            guard n <= (end - at) / 4 else {
                throw r.error("neighbours of vertex \(i)", "count \(n) exceeds the bytes left in the file")
            }
            for k in 0..<n {
                let v = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 4 * k, as: Int32.self))
                guard v >= 0 && v < limit else {
                    throw r.error("neighbours of vertex \(i)", "vertex index \(v) outside 0..<\(nv)")
                }
                if keeps { indices.append(v) }
            }
            at += 4 * n
            entries += n
            guard entries <= Int(Int32.max) else { throw r.error("neighbours", "too many entries") }
            if keeps { offsets[i + 1] = Int32(entries) }
        }
        try r.seek(to: at)
        return MeshNeighbours(offsets: offsets, indices: indices)
    }

    private static func firstOutOfRange(_ values: [Int32], lower: Int32, upper: Int32) -> Int? {
        values.withUnsafeBufferPointer { buf in
            var bad = false
            for v in buf { bad = bad || v < lower || v >= upper }
            guard bad else { return nil }
            return buf.firstIndex { $0 < lower || $0 >= upper }
        }
    }

    /// Memberwise initialiser for parsed files (no checks beyond the reader's).
    init(version: Float, surfaceType: Int32, meshCenter: SIMD3<Float>, vertices: [SIMD3<Float>],
         normals: [SIMD3<Float>], convexColor: SIMD4<Float>, concaveColor: SIMD4<Float>, colors: [UInt32],
         neighbours: MeshNeighbours, triangles: [Int32], strips: [Int32], mtcName: RawString?, trailer: [UInt8]) {
        self.version = version
        self.surfaceType = surfaceType
        self.meshCenter = meshCenter
        self.vertices = vertices
        self.normals = normals
        self.convexColor = convexColor
        self.concaveColor = concaveColor
        self.colors = colors
        self.neighbours = neighbours
        self.triangles = triangles
        self.strips = strips
        self.mtcName = mtcName
        self.trailer = trailer
    }
}
