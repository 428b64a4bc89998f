import Foundation

extension FileFormat {
    public static let trf = FileFormat(name: "trf", extensions: ["trf"], sizeLimit: TextSizeLimit.check) { try TRFFile(data: $0, name: $1) }
}

extension TRFFile: FormatDocument {
    public var formatName: String { "trf" }
    public func encodedDocument() throws -> Data { encoded() }

    public func summary() -> JSONValue {
        .object([
            ("format", .string("trf")),
            ("version", fileVersion.map { .int($0) } ?? .null),
            ("transformationType", transformationType.map { .int($0) } ?? .null),
            ("kind", .string(kindDescription)),
            ("matrix", matrix.map { m in .array(m.rows.map { .floats($0) }) } ?? .null),
            ("sourceFile", .string(sourceFile)),
            ("targetFile", .string(targetFile)),
        ])
    }

    public func describe() -> String {
        var lines = ["TRF version \(fileVersion ?? 0), type \(transformationType ?? 0): \(kindDescription)"]
        if let m = matrix {
            for row in m.rows { lines.append("  " + row.map { String(format: "%10.5f", Double($0)) }.joined(separator: " ")) }
        }
        if !sourceFile.isEmpty { lines.append("  source: \(sourceFile)") }
        if !targetFile.isEmpty { lines.append("  target: \(targetFile)") }
        return lines.joined(separator: "\n")
    }

    /// What the transformation type means, in words.
    public var kindDescription: String {
        switch transformationType {
        case 1: "FMR → VMR alignment (rigid, \(value("AlignmentStep") == "1" ? "initial" : "fine"))"
        case 2: "VMR → VMR affine (AC-PC or MNI)"
        case 3: "MNI with an adjusted bounding box"
        case 4: "Talairach"
        case 5: "un-Talairach"
        default: "unknown type"
        }
    }
}
