import Foundation

/// One patch of interest: a named, coloured list of SRF vertex indices (0-based).
public struct POI: Hashable, Sendable {
    /// Name without the surrounding quotes.
    public var name: RawString
    /// Info text path without quotes; nil when the key is absent (older files).
    public var infoTextFile: RawString?
    public var color: SIMD3<UInt8>
    /// `LabelVertex` as stored: the anchor vertex for the label; nil when the key is absent, −1
    /// (`noLabelVertex`) when the file says "none". Use `anchorVertex` for a usable index.
    public var labelVertex: Int32?
    /// The value some writers store in `LabelVertex` for "no anchor".
    public static let noLabelVertex = -1
    /// The anchor vertex, or nil when there is none (key absent or −1).
    public var anchorVertex: Int32? { labelVertex.flatMap { $0 >= 0 ? $0 : nil } }
    public var vertices: [Int32]
    /// Keys this reader does not know, in file order.
    public var extraEntries: [TextHeaderEntry]

    public init(name: RawString, color: SIMD3<UInt8>, vertices: [Int32], labelVertex: Int32? = nil,
                infoTextFile: RawString? = RawString(bytes: []), extraEntries: [TextHeaderEntry] = []) {
        self.name = name
        self.infoTextFile = infoTextFile
        self.color = color
        self.labelVertex = labelVertex
        self.vertices = vertices
        self.extraEntries = extraEntries
    }
}

/// A BrainVoyager POI file, versions 1–2 (docs/file-formats.md §6). The bytes read are kept, so an unchanged
/// file writes back identically; any change writes BrainVoyager's layout.
public struct POIFile: Sendable, KeyValueTextFile {
    /// Header lines before the first POI except `NrOfPOIs`, values as written (quotes included).
    public var header: [TextHeaderEntry] { didSet { sourceBytes = nil } }
    public var pois: [POI] { didSet { sourceBytes = nil } }
    /// MTC names without quotes; nil when `NrOfPOIMTCs` is absent.
    public var mtcs: [RawString]? { didSet { sourceBytes = nil } }
    public private(set) var sourceBytes: Data?

    /// A v2 file for a mesh of `meshVertexCount` vertices.
    public init(meshVertexCount: Int, fromMeshFile: String, pois: [POI] = []) {
        header = [
            TextHeaderEntry(key: "FileVersion", value: "2"),
            TextHeaderEntry(key: "FromMeshFile", value: RawString("\"\(fromMeshFile)\"")),
            TextHeaderEntry(key: "NrOfMeshVertices", value: RawString(String(meshVertexCount))),
        ]
        self.pois = pois
        mtcs = []
        sourceBytes = nil
    }

    init(header: [TextHeaderEntry], pois: [POI], mtcs: [RawString]?, sourceBytes: Data?) {
        self.header = header
        self.pois = pois
        self.mtcs = mtcs
        self.sourceBytes = sourceBytes
    }

    public var meshVertexCount: Int { value("NrOfMeshVertices").flatMap { Int($0) } ?? 0 }
    /// Mesh name without quotes (informational: a POI fits every mesh with the same vertex count).
    public var fromMeshFile: String { value("FromMeshFile").map(Self.unquoted) ?? "" }

    static func unquoted(_ s: String) -> String {
        s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") ? String(s.dropFirst().dropLast()) : s
    }

    static func unquoted(_ bytes: [UInt8]) -> [UInt8] {
        bytes.count >= 2 && bytes.first == 0x22 && bytes.last == 0x22 ? Array(bytes.dropFirst().dropLast()) : bytes
    }

    static func quoted(_ bytes: [UInt8]) -> [UInt8] { [0x22] + bytes + [0x22] }
}
