import Foundation

/// A FreeSurfer triangle surface (`lh.pial`, `rh.inflated`, …): big-endian, magic 0xFFFFFE.
public struct FreeSurferSurface: Sendable {
    /// Vertex positions in the file's millimetre space (tkRAS; fsaverage: MNI305), x y z per vertex.
    public var vertices: [SIMD3<Float>]
    /// Triangles as vertex indices, in the file's order and winding (outward CCW for FreeSurfer).
    public var triangles: [SIMD3<Int32>]
    /// The "created by …" comment line.
    public var createdBy: String
    /// Bytes after the triangles (FreeSurfer's volume-geometry tags), kept for exact rewrites.
    public var trailingBytes: [UInt8] = []

    public var vertexCount: Int { vertices.count }
    public var triangleCount: Int { triangles.count }

    public init(vertices: [SIMD3<Float>], triangles: [SIMD3<Int32>], createdBy: String = "") {
        self.vertices = vertices
        self.triangles = triangles
        self.createdBy = createdBy
    }

    /// Reads a surface file (gzip accepted).
    public init(contentsOf url: URL) throws {
        try self.init(bytes: [UInt8](try FileSource.read(url, sizeLimit: FreeSurferSizeLimits.surface)), name: url.lastPathComponent)
    }

    /// Parses surface bytes; `name` is used in errors.
    public init(bytes: [UInt8], name: String) throws {
        var c = ImportByteCursor(bytes, file: name, bigEndian: true)
        let magic = try c.take(3, "magic")
        guard magic.elementsEqual([0xFF, 0xFF, 0xFE]) else {
            if magic.elementsEqual([0xFF, 0xFF, 0xFF]) || magic.elementsEqual([0xFF, 0xFF, 0xFD]) {
                throw c.fail("magic", "quadrangle surfaces are not supported, only triangle surfaces (0xFFFFFE)")
            }
            throw c.fail("magic", "expected FF FF FE (FreeSurfer triangle surface), found \(FreeSurferSizeLimits.hex(magic))")
        }
        // The comment is "created by … on …\n\n": two line ends, as FreeSurfer writes it.
        createdBy = String(decoding: try c.line("created-by line"), as: UTF8.self)
        _ = try c.line("created-by line")
        let vertexCount = try c.count("vertex count", atMost: max(0, c.remaining - 8) / 12)
        let triangleCount = try c.count("triangle count", atMost: max(0, c.remaining - vertexCount * 12) / 12)
        var vs = [SIMD3<Float>]()
        vs.reserveCapacity(vertexCount)
        for v in 0 ..< vertexCount {
            let x = try c.f32("vertex \(v)"), y = try c.f32("vertex \(v)"), z = try c.f32("vertex \(v)")
            guard x.isFinite && y.isFinite && z.isFinite else {
                throw c.fail("vertex \(v)", "coordinate is not finite (\(x), \(y), \(z))")
            }
            vs.append(SIMD3(x, y, z))
        }
        var ts = [SIMD3<Int32>]()
        ts.reserveCapacity(triangleCount)
        let limit = Int32(vertexCount)
        for t in 0 ..< triangleCount {
            let a = try c.i32("triangle \(t)"), b = try c.i32("triangle \(t)"), d = try c.i32("triangle \(t)")
            guard a >= 0, a < limit, b >= 0, b < limit, d >= 0, d < limit else {
                throw c.fail("triangle \(t)", "vertex index (\(a), \(b), \(d)) outside 0…\(vertexCount - 1)")
            }
            ts.append(SIMD3(a, b, d))
        }
        vertices = vs
        triangles = ts
        trailingBytes = Array(bytes[c.offset...])
    }

    /// The file bytes (big-endian, magic 0xFFFFFE); reading them gives this surface back.
    public func encoded() -> [UInt8] {
        var w = ByteWriter(capacity: 64 + vertices.count * 12 + triangles.count * 12 + trailingBytes.count)
        w.bytes([0xFF, 0xFF, 0xFE])
        w.bytes(Array(createdBy.utf8) + [0x0A, 0x0A])
        w.i32BE(Int32(vertices.count))
        w.i32BE(Int32(triangles.count))
        for v in vertices { w.f32BE(v.x); w.f32BE(v.y); w.f32BE(v.z) }
        for t in triangles { w.i32BE(t.x); w.i32BE(t.y); w.i32BE(t.z) }
        w.bytes(trailingBytes)
        return w.data
    }

    /// Axis-aligned bounding box of the vertices (zero box for an empty surface).
    public var boundingBox: (min: SIMD3<Float>, max: SIMD3<Float>) {
        guard var lo = vertices.first else { return (.zero, .zero) }
        var hi = lo
        for v in vertices {
            lo = pointwiseMin(lo, v)
            hi = pointwiseMax(hi, v)
        }
        return (lo, hi)
    }
}
