import Foundation

/// A FreeSurfer per-vertex value file in the "new curv" layout (`lh.sulc`, `lh.curv`,
/// `lh.thickness`): big-endian, magic 0xFFFFFF, vertex count, face count, values per vertex (1),
/// then one f32 per vertex.
public struct FreeSurferCurvature: Sendable {
    /// One value per vertex, in vertex order.
    public var values: [Float]
    /// The face count of the surface the values belong to (FreeSurfer stores it; nothing uses it).
    public var faceCount: Int

    public var vertexCount: Int { values.count }

    public init(values: [Float], faceCount: Int) {
        self.values = values
        self.faceCount = faceCount
    }

    /// Reads a curvature file (gzip accepted).
    public init(contentsOf url: URL) throws {
        try self.init(bytes: [UInt8](try FileSource.read(url, sizeLimit: FreeSurferSizeLimits.curvature)), name: url.lastPathComponent)
    }

    /// Parses curvature bytes; `name` is used in errors.
    public init(bytes: [UInt8], name: String) throws {
        var c = ImportByteCursor(bytes, file: name, bigEndian: true)
        let magic = try c.take(3, "magic")
        guard magic.elementsEqual([0xFF, 0xFF, 0xFF]) else {
            // The old layout (3-byte vertex count, i16 values ×100) has no magic: refuse it plainly.
            throw c.fail("magic", "expected FF FF FF (FreeSurfer curvature, new format), found \(FreeSurferSizeLimits.hex(magic))")
        }
        let vertexCount = try c.count("vertex count", atMost: max(0, c.remaining - 8) / 4)
        faceCount = try c.count("face count", atMost: Int(Int32.max))
        let perVertex = try c.i32("values per vertex")
        guard perVertex == 1 else { throw c.fail("values per vertex", "is \(perVertex); only 1 is supported") }
        var values = [Float]()
        values.reserveCapacity(vertexCount)
        for v in 0 ..< vertexCount {
            let value = try c.f32("vertex \(v)")
            guard value.isFinite else { throw c.fail("vertex \(v)", "value is not finite (\(value))") }
            values.append(value)
        }
        self.values = values
    }

    /// The file bytes (big-endian, magic 0xFFFFFF); reading them gives these values back.
    public func encoded() -> [UInt8] {
        var w = ByteWriter(capacity: 15 + values.count * 4)
        w.bytes([0xFF, 0xFF, 0xFF])
        w.i32BE(Int32(values.count))
        w.i32BE(Int32(faceCount))
        w.i32BE(1)
        for v in values { w.f32BE(v) }
        return w.data
    }
}
