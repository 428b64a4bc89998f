import Foundation

/// A BrainVoyager SRF surface mesh, versions 3, 4 and 4.1 (docs/file-formats.md §4), kept in BV conventions:
/// BV-internal mm positions, inward normals, BV winding. Use `rasPositions`/`rasNormals` for RAS scenes.
public struct SRFFile: Sendable {
    /// Stored as f32: 3.0, 4.0 or 4.0999999 (4.1). Compare with a tolerance.
    public var version: Float
    /// 0 normal; 1 extended (oblique) neighbour lists.
    public var surfaceType: Int32
    /// Not a reliable origin (docs/file-formats.md §2.5).
    public var meshCenter: SIMD3<Float>
    /// Vertex positions in BV-internal mm (X = A→P, Y = S→I, Z = R→L).
    public var vertices: [SIMD3<Float>]
    /// Unit normals pointing into the object.
    public var normals: [SIMD3<Float>]
    public var convexColor: SIMD4<Float>
    public var concaveColor: SIMD4<Float>
    /// MeshColor per vertex: 0 convex, 1 concave, ≥ 0x3F000000 packed RGB (R bits 16–23).
    public var colors: [UInt32]
    /// Empty (no lists, so the writer refuses the file) when read `skippingNeighbours`.
    public var neighbours: MeshNeighbours
    /// Three 0-based vertex indices per triangle.
    public var triangles: [Int32]
    /// GL triangle strips, each terminated by −1.
    public var strips: [Int32]
    /// Linked MTC name (v ≥ 3.95 only). nil when the file has no string: v3, or a v4 file ending after the
    /// strips; the writer then omits it as well.
    public var mtcName: RawString?
    /// Bytes after the MTC string (4 in v4.1 files: the source voxel size), kept for an exact round trip.
    public var trailer: [UInt8]

    public var vertexCount: Int { vertices.count }
    public var triangleCount: Int { triangles.count / 3 }

    /// BV's default curvature colours.
    public static let defaultConvexColor: SIMD4<Float> = [0.322, 0.733, 0.980, 1.0]
    public static let defaultConcaveColor: SIMD4<Float> = [0.100, 0.240, 0.320, 1.0]

    /// A v4.0 mesh from BV-convention geometry; neighbour lists are built in ring order from the triangles
    /// unless given.
    public init(vertices: [SIMD3<Float>], normals: [SIMD3<Float>], triangles: [Int32],
                colors: [UInt32]? = nil, neighbours: MeshNeighbours? = nil,
                meshCenter: SIMD3<Float> = SIMD3(repeating: Float(CanonicalFrame.centre))) throws {
        guard normals.count == vertices.count else {
            throw FormatError(file: "new SRF", field: "normals", message: "\(normals.count) normals for \(vertices.count) vertices")
        }
        guard triangles.count % 3 == 0 else {
            throw FormatError(file: "new SRF", field: "triangles", message: "\(triangles.count) indices is not a multiple of 3")
        }
        for (k, t) in triangles.enumerated() where t < 0 || Int(t) >= vertices.count {
            throw FormatError(file: "new SRF", field: "triangle \(k / 3)", message: "vertex index \(t) outside 0..<\(vertices.count)")
        }
        version = 4
        surfaceType = 0
        self.meshCenter = meshCenter
        self.vertices = vertices
        self.normals = normals
        convexColor = Self.defaultConvexColor
        concaveColor = Self.defaultConcaveColor
        self.colors = colors ?? Array(repeating: 0, count: vertices.count)
        self.neighbours = try neighbours ?? MeshTopology.ringNeighbours(triangles: triangles, vertexCount: vertices.count)
        self.triangles = triangles
        strips = []
        mtcName = RawString(bytes: [])
        trailer = []
    }

    public static func read(from url: URL) throws -> SRFFile {
        try SRFFile(data: FileSource.read(url, sizeLimit: SRFFile.maxFileSize), name: url.lastPathComponent)
    }

    /// The same, with the neighbour lists checked as they are read but not kept: drawing never
    /// uses them, and they are the file's largest array (a third of a one-shot `pick`'s SRF reading).
    public static func read(from url: URL, skippingNeighbours: Bool) throws -> SRFFile {
        try SRFFile(data: FileSource.read(url, sizeLimit: SRFFile.maxFileSize), name: url.lastPathComponent,
                    skippingNeighbours: skippingNeighbours)
    }

    public func write(to url: URL) throws {
        try AtomicFile.write(encoded(), to: url)
    }

    /// Axis-aligned bounds of the vertices in BV mm; nil for an empty mesh.
    public var boundingBox: (min: SIMD3<Float>, max: SIMD3<Float>)? {
        guard var lo = vertices.first else { return nil }
        var hi = lo
        for v in vertices {
            lo = pointwiseMin(lo, v)
            hi = pointwiseMax(hi, v)
        }
        return (lo, hi)
    }

    /// Direct RGB of a MeshColor value (0x3Frrggbb); nil for curvature (0/1) and look-up indices.
    public static func directRGB(_ value: UInt32) -> SIMD3<UInt8>? {
        guard value >= 0x3F00_0000 else { return nil }
        return SIMD3(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }

    /// Display colour of vertex `i` (0…255): direct RGB, else the convex or concave curvature colour.
    /// Run-time look-up codes (statistics 1000–1019, POI colours 10000–10200) fall back to convex, as BV data
    /// outside BV cannot resolve them.
    public func displayColor(ofVertex i: Int) -> SIMD3<UInt8> {
        let value = colors[i]
        if let rgb = Self.directRGB(value) { return rgb }
        let c = value == 1 ? concaveColor : convexColor
        func byte(_ f: Float) -> UInt8 { UInt8(max(0, min(255, (f * 255).rounded()))) }
        return SIMD3(byte(c.x), byte(c.y), byte(c.z))
    }

    /// MeshColor value BrainVoyager writes for a direct RGB colour.
    public static func meshColor(r: UInt8, g: UInt8, b: UInt8) -> UInt32 {
        0x3F00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}
