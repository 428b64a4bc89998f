import BrainAtlas
import BrainFormats
import BrainRender
import Foundation

/// The little-endian binary bodies of `/api/mesh` and `/api/labels` (layout in docs/VIEWER.md):
/// magic `BTSD`, u32 version, u32 header length, a JSON header padded to 4 bytes, then arrays,
/// each at a 4-byte-aligned offset the header names. Meshes are quantised (16-bit positions in
/// their bounding box, octahedral 16-bit normals, 8-bit convexity); a labels body holds only
/// per-vertex region ids, and the client splits borders and groups triangles by the renderer's rule.
enum SceneBinary {
    static let magic = Array(RendererContract.sceneDataMagic.utf8)
    static let version = RendererContract.sceneDataVersion

    /// One typed array of the body.
    enum Array32 {
        case f32([Float])
        case u32([UInt32])
        case u16([UInt16])
        case i16([Int16])
        case u8([UInt8])
        /// u16 values sent as zigzag deltas from the value `stride` places before, low bytes then
        /// high bytes: neighbouring vertices and indices differ little, so gzip packs them well.
        case deltaU16([UInt16], stride: Int)
        /// The same for u32 values (deltas modulo 2^32), in four byte planes.
        case deltaU32([UInt32], stride: Int)

        var type: String {
            switch self {
            case .f32: "f32"
            case .u32: "u32"
            case .u16: "u16"
            case .i16: "i16"
            case .u8: "u8"
            case .deltaU16: "u16-delta"
            case .deltaU32: "u32-delta"
            }
        }
        var stride: Int? {
            switch self {
            case .deltaU16(_, let stride), .deltaU32(_, let stride): stride
            default: nil
            }
        }
        var count: Int {
            switch self {
            case .f32(let a): a.count
            case .u32(let a): a.count
            case .u16(let a): a.count
            case .i16(let a): a.count
            case .u8(let a): a.count
            case .deltaU16(let a, _): a.count
            case .deltaU32(let a, _): a.count
            }
        }
        var bytesPerElement: Int {
            switch self { case .f32, .u32, .deltaU32: 4; case .u16, .i16, .deltaU16: 2; case .u8: 1 }
        }
        func append(to data: inout Data) {
            switch self {
            case .f32(let a): for v in a { withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
            case .u32(let a): for v in a { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
            case .u16(let a): for v in a { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
            case .i16(let a): for v in a { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
            case .u8(let a): data.append(contentsOf: a)
            case .deltaU16(let a, let stride):
                var zigzag = [UInt16](repeating: 0, count: a.count)
                for i in a.indices {
                    let d = Int16(truncatingIfNeeded: a[i] &- (i >= stride ? a[i - stride] : 0))
                    zigzag[i] = UInt16(bitPattern: (d << 1) ^ (d >> 15))
                }
                data.append(contentsOf: zigzag.map { UInt8($0 & 0xff) })
                data.append(contentsOf: zigzag.map { UInt8($0 >> 8) })
            case .deltaU32(let a, let stride):
                var zigzag = [UInt32](repeating: 0, count: a.count)
                for i in a.indices {
                    let d = Int32(truncatingIfNeeded: a[i] &- (i >= stride ? a[i - stride] : 0))
                    zigzag[i] = UInt32(bitPattern: (d << 1) ^ (d >> 31))
                }
                for plane in 0..<4 { data.append(contentsOf: zigzag.map { UInt8(truncatingIfNeeded: $0 >> (8 * plane)) }) }
            }
        }
    }

    struct ArrayEntry: Encodable {
        let name: String
        let type: String
        let count: Int
        let offset: Int
        /// For `u16-delta`: how many values back each delta refers to.
        let stride: Int?
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
        /// Position = origin + step × the u16 value, per axis (RAS mm).
        let positionOrigin: [Float]
        let positionStep: [Float]
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
        /// `catalog`: draw the `/api/mesh` triangles as they are; `split`: split their borders first.
        let geometry: String
        let vertexCount: Int
        let triangleCount: Int
        let closed: Bool
        let ranges: [RangeEntry]
        /// With `split`: the renderer's border-cut rule (relaxation steps, margin from the corners).
        let borderCuts: BorderCutRule?
        var arrays: [ArrayEntry] = []
    }

    struct BorderCutRule: Encodable {
        let relaxation = BorderCuts.defaultRelaxation
        let margin = BorderCuts.margin
    }

    /// The header, then the arrays at the offsets it names.
    static func encode<H: Header>(header: H, arrays: [(String, Array32)]) throws -> Data {
        // Offsets depend on the header's length and the length on the offsets' digits: repeat
        // until the assumed start of the arrays is the real one (it only grows, so this ends).
        var fields = header
        func layout(base: Int) throws -> Data {
            var offset = base
            fields.arrays = arrays.map { name, array in
                defer { offset += (array.count * array.bytesPerElement + 3) / 4 * 4 }
                return ArrayEntry(name: name, type: array.type, count: array.count, offset: offset, stride: array.stride)
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

    /// `/api/mesh/{name}`: the catalog mesh, quantised: positions as u16 steps in the bounding box
    /// (sent as deltas), outward normals octahedral (i16 × 2), CCW triangles (as u16 deltas when the
    /// vertices allow, else u32 deltas),
    /// the cortex's per-vertex convexity as u8 (0 = −1 … 255 = +1) and the pial cortex's ambient
    /// openness as u8 (0 … 255 = 1).
    static func mesh(name: String, mesh: RenderMesh) throws -> Data {
        let quantised = QuantisedPositions(mesh.positions)
        let triangles: Array32 = mesh.vertexCount <= 65536 ? .deltaU16(mesh.triangles.map { UInt16($0) }, stride: 1)
            : .deltaU32(mesh.triangles, stride: 1)
        var arrays: [(String, Array32)] = [("positions", .deltaU16(quantised.values, stride: 3)),
                                          ("normals", .i16(mesh.normals.flatMap(OctahedralNormal.encode))),
                                          ("triangles", triangles)]
        if let curvature = mesh.curvature {
            arrays.append(("curvature", .u8(curvature.map { UInt8((min(1, max(-1, $0)) + 1) * 127.5 + 0.5) })))
        }
        if let occlusion = mesh.occlusion {
            arrays.append(("occlusion", .u8(occlusion.map { UInt8(min(1, max(0, $0)) * 255 + 0.5) })))
        }
        return try encode(header: MeshHeader(name: name, vertexCount: mesh.vertexCount, triangleCount: mesh.triangleCount,
                                             closed: mesh.isClosed, positionOrigin: quantised.origin,
                                             positionStep: quantised.step),
                          arrays: arrays)
    }

    /// `/api/labels/{atlas}/{mesh}`: the region id of each catalog vertex (after the renderer
    /// relabels one-vertex islands) and, in the header, the counts and index ranges that splitting
    /// the borders and grouping the triangles must give, so the client can check its own result.
    static func labels(atlas: String, drawn: DrawnGeometry, catalogVertexCount: Int) throws -> Data {
        try labels(atlas: atlas, mesh: drawn.mesh.name, regionAtlas: drawn.labellingAtlas, geometry: drawn.geometry,
                   split: !drawn.isCatalogMesh, vertexCount: catalogVertexCount)
    }

    /// The labels body of `geometry` whose first `vertexCount` vertices are the sent mesh's.
    static func labels(atlas: String, mesh: String, regionAtlas: String?, geometry: SurfaceGeometry, split: Bool,
                       vertexCount: Int) throws -> Data {
        let ids = Array(geometry.vertexLabels.prefix(vertexCount))
        let vertexRegions: Array32 = (ids.max() ?? 0) < 65536 ? .u16(ids.map { UInt16($0) }) : .u32(ids)
        let header = LabelsHeader(
            atlas: atlas, mesh: mesh, regionAtlas: regionAtlas,
            geometry: split ? "split" : "catalog", vertexCount: geometry.mesh.vertexCount,
            triangleCount: geometry.mesh.triangleCount, closed: geometry.mesh.isClosed,
            ranges: geometry.grouping.ranges.map { RangeEntry(label: $0.label, start: $0.triangleStart, count: $0.triangleCount) },
            borderCuts: split ? BorderCutRule() : nil)
        return try encode(header: header, arrays: [("vertexRegions", vertexRegions)])
    }
}
