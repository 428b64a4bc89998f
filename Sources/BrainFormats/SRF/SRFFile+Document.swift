import Foundation

extension FileFormat {
    public static let srf = FileFormat(name: "srf", extensions: ["srf"], sizeLimit: SRFFile.maxFileSize) { try SRFFile(data: $0, name: $1) }
}

extension SRFFile: FormatDocument {
    public var formatName: String { "srf" }
    public func encodedDocument() throws -> Data { try encoded() }

    public func summary() -> JSONValue {
        let box = boundingBox
        return .object([
            ("format", .string("srf")),
            ("version", .float(version)),
            ("vertexCount", .int(vertexCount)),
            ("triangleCount", .int(triangleCount)),
            ("meshCenter", jsonVector(meshCenter)),
            ("firstVertex", vertices.first.map(jsonVector) ?? .null),
            ("boundingBox", box.map { .object([("min", jsonVector($0.min)), ("max", jsonVector($0.max))]) } ?? .null),
        ])
    }

    public func describe() -> String {
        var lines = ["SRF version \(version): \(vertexCount) vertices, \(triangleCount) triangles, \(strips.count) strip elements"]
        lines.append("surface type \(surfaceType); mesh centre \(textVector(meshCenter))")
        if let box = boundingBox { lines.append("bounds (BV mm) \(textVector(box.min)) … \(textVector(box.max))") }
        if let mtc = mtcName, !mtc.isEmpty { lines.append("linked MTC: \(mtc)") }
        if !trailer.isEmpty { lines.append("\(trailer.count) trailing bytes kept") }
        return lines.joined(separator: "\n")
    }
}
