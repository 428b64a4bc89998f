import Foundation

/// Per-vertex ambient openness of a mesh (`.occ`): how much of the sky each vertex sees, 0 (shut in
/// a deep sulcus) … 1 (open), baked at build time for the lit pass's ambient occlusion.
///
/// Layout, little-endian: magic `BTAO`, UInt32 version 1, UInt32 vertex count, then one byte per
/// vertex (openness × 255, rounded).
public enum VertexOcclusionFile {
    static let headerSize = 12

    /// The file's bytes for `openness` (values clamped to 0…1).
    public static func encoded(_ openness: [Float]) -> Data {
        var d = Data([0x42, 0x54, 0x41, 0x4F])
        for word in [UInt32(1), UInt32(openness.count)] { withUnsafeBytes(of: word.littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: openness.map { UInt8((max(0, min(1, $0.isFinite ? $0 : 1)) * 255).rounded()) })
        return d
    }

    /// Reads and decodes the file at `url` for a mesh of `vertexCount` vertices.
    public static func read(_ url: URL, vertexCount: Int) throws -> [Float] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw AtlasError.unreadable(url.path, reason: error.localizedDescription)
        }
        return try decode(data, file: url.path, vertexCount: vertexCount)
    }

    /// The openness of every vertex; `file` names the file in errors, `vertexCount` is the mesh's.
    public static func decode(_ data: Data, file: String, vertexCount: Int) throws -> [Float] {
        guard data.count >= headerSize else {
            throw AtlasError.unreadable(file, reason: "\(data.count) bytes, shorter than the \(headerSize)-byte occlusion header")
        }
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        guard bytes[0..<4] == [0x42, 0x54, 0x41, 0x4F] else {
            throw AtlasError.unreadable(file, reason: "magic: not a BTAO occlusion file")
        }
        guard u32(4) == 1 else { throw AtlasError.unreadable(file, reason: "version: \(u32(4)) is not supported (expected 1)") }
        guard u32(8) == vertexCount else {
            throw AtlasError.unreadable(file, reason: "vertices: \(u32(8)) occlusion values for a mesh of \(vertexCount) vertices")
        }
        guard bytes.count == headerSize + vertexCount else {
            throw AtlasError.unreadable(file, reason: "values: \(bytes.count - headerSize) bytes for \(vertexCount) vertices")
        }
        return bytes[headerSize...].map { Float($0) / 255 }
    }
}
