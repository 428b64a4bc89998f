import Foundation

extension FileFormat {
    /// FreeSurfer triangle surfaces: recognised by their magic bytes FF FF FE whatever the name
    /// (`lh.sphere.reg`, `lh.white.preaparc`, `lh.orig.nofix`), else by surface kind (`lh.pial`, …).
    /// Quadrangle magics are claimed too, so those files get the reader's "not supported" message.
    public static let freesurferSurface = FileFormat(
        name: "freesurfer-surface",
        extensions: ["pial", "white", "inflated", "sphere", "orig", "smoothwm", "midthickness", "graymid", "fsurf"],
        signatures: [[0xFF, 0xFF, 0xFE], [0xFF, 0xFF, 0xFF], [0xFF, 0xFF, 0xFD]],
        converters: [.freesurferSurfaceToSRF], sizeLimit: FreeSurferSizeLimits.surface
    ) { try FreeSurferSurface(bytes: [UInt8]($0), name: $1) }

    /// FreeSurfer annotations (`.annot`).
    public static let freesurferAnnotation = FileFormat(
        name: "freesurfer-annot", extensions: ["annot"], converters: [.freesurferAnnotationToPOI],
        sizeLimit: FreeSurferSizeLimits.annotation
    ) { try FreeSurferAnnotation(bytes: [UInt8]($0), name: $1) }

    /// FreeSurfer label text files (`.label`).
    public static let freesurferLabel = FileFormat(
        name: "freesurfer-label", extensions: ["label"], converters: [.freesurferLabelToPOI],
        sizeLimit: TextSizeLimit.check
    ) { try FreeSurferLabel(bytes: [UInt8]($0), name: $1) }

    /// FreeSurfer colour look-up tables (`FreeSurferColorLUT.txt`, `colortable_BA.txt`, `*.ctab`).
    public static let freesurferColorLUT = FileFormat(name: "freesurfer-lut", extensions: ["txt", "ctab", "lut"],
                                                     sizeLimit: TextSizeLimit.check) {
        try FreeSurferColorLUT(bytes: [UInt8]($0), name: $1)
    }
}

extension FreeSurferSurface: FormatDocument {
    public var formatName: String { "freesurfer-surface" }
    public func encodedDocument() throws -> Data { Data(encoded()) }

    public func summary() -> JSONValue {
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

    public func summary() -> JSONValue {
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

    public var warnings: [String] {
        guard entries.isEmpty, vertexValues.contains(where: { $0 != 0 && $0 != -1 }) else { return [] }
        return ["no colour table (truncated?): labels are kept, named and coloured by their annotation values"]
    }
}

extension FreeSurferLabel: FormatDocument {
    public var formatName: String { "freesurfer-label" }
    public func encodedDocument() throws -> Data { Data(encoded()) }

    public func summary() -> JSONValue {
        .object([("format", .string("freesurfer-label")), ("vertexCount", .int(vertexCount))])
    }

    public func describe() -> String { "FreeSurfer label: \(vertexCount) vertices (\(comment))" }
}

extension FreeSurferColorLUT: FormatDocument {
    public var formatName: String { "freesurfer-lut" }
    public func encodedDocument() throws -> Data { Data(encoded()) }

    public func summary() -> JSONValue {
        let codes = entries.map(\.index)
        return .object([
            ("format", .string("freesurfer-lut")),
            ("entryCount", .int(entries.count)),
            ("codeRange", codes.min().map { .ints([$0, codes.max()!]) } ?? .null),
        ])
    }

    public func describe() -> String {
        let codes = entries.map(\.index)
        var lines = ["FreeSurfer colour table: \(entries.count) entries" + (codes.min().map { ", codes \($0)…\(codes.max()!)" } ?? "")]
        for e in entries.prefix(20) {
            lines.append("  \(e.index)\t\(e.name)\trgb \(e.color.map(String.init).joined(separator: " "))")
        }
        if entries.count > 20 { lines.append("  … \(entries.count - 20) more") }
        return lines.joined(separator: "\n")
    }
}
