import Foundation

extension FileFormat {
    public static let poi = FileFormat(name: "poi", extensions: ["poi"], sizeLimit: TextSizeLimit.check) { try POIFile(data: $0, name: $1) }
}

extension POIFile: FormatDocument {
    public var formatName: String { "poi" }
    public func encodedDocument() throws -> Data { encoded() }

    public func summary() -> JSONValue {
        .object([
            ("format", .string("poi")),
            ("version", .int(version)),
            ("meshVertexCount", .int(meshVertexCount)),
            ("pois", .array(pois.map { poi in
                .object([
                    ("name", .string(poi.name.string)),
                    ("color", .ints([poi.color.x, poi.color.y, poi.color.z])),
                    ("vertexCount", .int(poi.vertices.count)),
                ])
            })),
        ])
    }

    public func describe() -> String {
        let mesh = fromMeshFile.isEmpty ? "" : " (\(fromMeshFile))"
        var lines = ["POI version \(version) for a \(meshVertexCount)-vertex mesh\(mesh), \(pois.count) POIs"]
        for poi in pois { lines.append("  \(poi.name): \(poi.vertices.count) vertices, colour \(poi.color.x) \(poi.color.y) \(poi.color.z)") }
        return lines.joined(separator: "\n")
    }
}
