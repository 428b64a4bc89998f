import BrainAtlas
import BrainFormats
import BrainRender
import Foundation

/// The little-endian binary bodies of `/api/mesh` and `/api/labels` (layout in docs/VIEWER.md):
/// magic `BTSD`, u32 version, u32 header length, a JSON header padded to 4 bytes, then arrays,
/// each at a 4-byte-aligned offset the header names.
enum SceneBinary {
    static let magic = Array("BTSD".utf8)
    static let version: UInt32 = 1

    /// One typed array of the body.
    enum Array32 {
        case f32([Float])
        case u32([UInt32])
        case u16([UInt16])

        var type: String {
            switch self { case .f32: "f32"; case .u32: "u32"; case .u16: "u16" }
        }
        var count: Int {
            switch self { case .f32(let a): a.count; case .u32(let a): a.count; case .u16(let a): a.count }
        }
        func append(to data: inout Data) {
            switch self {
            case .f32(let a): for v in a { withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
            case .u32(let a): for v in a { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
            case .u16(let a): for v in a { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
            }
        }
    }

    struct ArrayEntry: Encodable {
        let name: String
        let type: String
        let count: Int
        let offset: Int
    }

    /// A body's JSON header: its own fields plus the table of arrays.
    protocol Header: Encodable {
        var arrays: [ArrayEntry] { get set }
    }

    struct MeshHeader: Header {
        var kind = "mesh"
        let name: String
        let vertexCount: Int
        let triangleCount: Int
        let closed: Bool
        var arrays: [ArrayEntry] = []
    }

    struct RangeEntry: Encodable {
        let label: UInt32
        let start: Int
        let count: Int
    }

    struct LabelsHeader: Header {
        var kind = "labels"
        let atlas: String
        let mesh: String
        /// The atlas the region ids belong to (`subcortical` on that mesh), null for the head.
        let regionAtlas: String?
        /// `catalog`: draw the `/api/mesh` vertices; `own`: this body carries the drawn geometry.
        let geometry: String
        let vertexCount: Int
        let triangleCount: Int
        let closed: Bool
        let ranges: [RangeEntry]
        var arrays: [ArrayEntry] = []
    }

    /// The header, then the arrays at the offsets it names.
    static func encode<H: Header>(header: H, arrays: [(String, Array32)]) throws -> Data {
        // Offsets depend on the header's length and the length on the offsets' digits: repeat
        // until the assumed start of the arrays is the real one (it only grows, so this ends).
        var fields = header
        func layout(base: Int) throws -> Data {
            var offset = base
            fields.arrays = arrays.map { name, array in
                defer { offset += (array.count * bytesPerElement(array) + 3) / 4 * 4 }
                return ArrayEntry(name: name, type: array.type, count: array.count, offset: offset)
            }
            return try BrainJSON.encode(fields)
        }
        var base = 12
        var json = try layout(base: base)
        while 12 + (json.count + 3) / 4 * 4 != base {
            base = 12 + (json.count + 3) / 4 * 4
            json = try layout(base: base)
        }
        var data = Data()
        data.append(contentsOf: magic)
        withUnsafeBytes(of: version.littleEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(base - 12).littleEndian) { data.append(contentsOf: $0) }
        data.append(json)
        while data.count < base { data.append(0x20) }
        for (_, array) in arrays {
            array.append(to: &data)
            while data.count % 4 != 0 { data.append(0) }
        }
        return data
    }

    private static func bytesPerElement(_ array: Array32) -> Int {
        if case .u16 = array { return 2 }
        return 4
    }

    /// `/api/mesh/{name}`: the catalog mesh (RAS mm positions, outward normals, CCW triangles,
    /// and the cortex's per-vertex convexity when it has one).
    static func mesh(name: String, mesh: RenderMesh) throws -> Data {
        try encode(header: MeshHeader(name: name, vertexCount: mesh.vertexCount, triangleCount: mesh.triangleCount,
                                      closed: mesh.isClosed),
                   arrays: [("positions", .f32(flatten(mesh.positions))), ("normals", .f32(flatten(mesh.normals))),
                            ("triangles", .u32(mesh.triangles))] + curvature(mesh))
    }

    /// The `curvature` array of a mesh that carries one (none for the head and subcortical mesh).
    private static func curvature(_ mesh: RenderMesh) -> [(String, Array32)] {
        mesh.curvature.map { [("curvature", .f32($0))] } ?? []
    }

    /// `/api/labels/{atlas}/{mesh}`: per-vertex region ids, the drawing order of the triangles
    /// (one index range per region) and, when the scene draws its own geometry, that geometry.
    static func labels(atlas: String, drawn: DrawnGeometry) throws -> Data {
        let geometry = drawn.geometry
        let mesh = geometry.mesh
        let ids = geometry.vertexLabels
        let vertexRegions: Array32 = (ids.max() ?? 0) < 65536 ? .u16(ids.map { UInt16($0) }) : .u32(ids)
        var arrays: [(String, Array32)] = [("vertexRegions", vertexRegions),
                                          ("triangleOrder", .u32(geometry.grouping.originalTriangle))]
        if !drawn.isCatalogMesh {
            arrays += [("positions", .f32(flatten(mesh.positions))), ("normals", .f32(flatten(mesh.normals))),
                       ("triangles", .u32(mesh.triangles))] + curvature(mesh)
        }
        let header = LabelsHeader(
            atlas: atlas, mesh: drawn.mesh, regionAtlas: drawn.labellingAtlas,
            geometry: drawn.isCatalogMesh ? "catalog" : "own", vertexCount: mesh.vertexCount,
            triangleCount: mesh.triangleCount, closed: mesh.isClosed,
            ranges: geometry.grouping.ranges.map { RangeEntry(label: $0.label, start: $0.triangleStart, count: $0.triangleCount) })
        return try encode(header: header, arrays: arrays)
    }

    private static func flatten(_ v: [SIMD3<Float>]) -> [Float] {
        var out = [Float](repeating: 0, count: v.count * 3)
        for (i, p) in v.enumerated() { out[3 * i] = p.x; out[3 * i + 1] = p.y; out[3 * i + 2] = p.z }
        return out
    }
}
