import Foundation

extension FileFormat {
    /// FreeSurfer triangle surfaces, named by surface kind (`lh.pial`, `rh.inflated`, …).
    public static let freesurferSurface = FileFormat(
        name: "freesurfer-surface",
        extensions: ["pial", "white", "inflated", "sphere", "orig", "smoothwm", "midthickness", "graymid", "fsurf"]
    ) { try FreeSurferSurface(bytes: [UInt8]($0), name: $1) }

    /// FreeSurfer annotations (`.annot`).
    public static let freesurferAnnotation = FileFormat(name: "freesurfer-annot", extensions: ["annot"]) {
        try FreeSurferAnnotation(bytes: [UInt8]($0), name: $1)
    }

    /// FreeSurfer label text files (`.label`).
    public static let freesurferLabel = FileFormat(name: "freesurfer-label", extensions: ["label"]) {
        try FreeSurferLabel(bytes: [UInt8]($0), name: $1)
    }
}

extension FreeSurferSurface: FormatDocument {
    public var formatName: String { "freesurfer-surface" }
    public func encodedDocument() throws -> Data { Data(encoded()) }

    public func summary() -> OrderedJSON {
        .object([("format", .string("freesurfer-surface")), ("vertexCount", .int(vertexCount)),
                 ("triangleCount", .int(triangleCount))])
    }

    public func describe() -> String {
        let box = boundingBox
        return "FreeSurfer surface: \(vertexCount) vertices, \(triangleCount) triangles (\(createdBy))\n"
            + "bounds (mm) \(box.min.x), \(box.min.y), \(box.min.z) … \(box.max.x), \(box.max.y), \(box.max.z)"
    }
}

extension FreeSurferAnnotation: FormatDocument {
    public var formatName: String { "freesurfer-annot" }
    public func encodedDocument() throws -> Data { Data(encoded()) }

    public func summary() -> OrderedJSON {
        let counts = vertexCountsPerEntry()
        return .object([
            ("format", .string("freesurfer-annot")),
            ("vertexCount", .int(vertexCount)),
            ("labels", .array(zip(entries, counts).map { e, n in
                .object([("name", .string(e.name)), ("color", .ints(e.color)), ("vertexCount", .int(n))])
            })),
        ])
    }

    public func describe() -> String {
        let counts = vertexCountsPerEntry()
        var lines = ["FreeSurfer annotation: \(vertexCount) vertices, \(entries.count) labels (colour table \(colorTableName))"]
        for (e, n) in zip(entries, counts) {
            lines.append("  \(e.index)\t\(e.name)\trgb \(e.color.map(String.init).joined(separator: " "))\t\(n) vertices")
        }
        let unmatched = entryPositions().filter { $0 < 0 }.count
        if unmatched > 0 { lines.append("  \(unmatched) vertices have a value in no table entry") }
        return lines.joined(separator: "\n")
    }
}

extension FreeSurferLabel: FormatDocument {
    public var formatName: String { "freesurfer-label" }
    public func encodedDocument() throws -> Data { Data(encoded()) }

    public func summary() -> OrderedJSON {
        .object([("format", .string("freesurfer-label")), ("vertexCount", .int(vertexCount))])
    }

    public func describe() -> String { "FreeSurfer label: \(vertexCount) vertices (\(comment))" }
}
