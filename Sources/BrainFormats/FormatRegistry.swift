import Foundation

/// A parsed file of any registered format, as `inspect` and `convert` see it.
public protocol FormatDocument: Sendable {
    /// The registry name of its format (`vmr`, `srf`, …).
    var formatName: String { get }
    /// The `inspect --json` object (fields a version lacks are `null`).
    func summary() -> OrderedJSON
    /// A short human-readable summary (several lines, no trailing newline).
    func describe() -> String
    /// The document's bytes in its own format (a same-format round trip).
    func encodedDocument() throws -> Data
}

/// One file format: its name, file extensions (without `.gz`) and reader.
public struct FileFormat: Sendable {
    public let name: String
    public let extensions: [String]
    public let read: @Sendable (_ data: Data, _ fileName: String) throws -> any FormatDocument

    public init(name: String, extensions: [String], read: @escaping @Sendable (Data, String) throws -> any FormatDocument) {
        self.name = name
        self.extensions = extensions
        self.read = read
    }
}

/// Options that format conversions may honour.
public struct ConversionOptions: Sendable {
    /// Keep integer label values instead of mapping grey values (NIfTI → VMR).
    public var labels: Bool

    public init(labels: Bool = false) { self.labels = labels }
}

/// A conversion from one registered format to another.
public struct FormatConverter: Sendable {
    public let from: String
    public let to: String
    public let convert: @Sendable (any FormatDocument, ConversionOptions) throws -> any FormatDocument

    public init(from: String, to: String,
                convert: @escaping @Sendable (any FormatDocument, ConversionOptions) throws -> any FormatDocument) {
        self.from = from
        self.to = to
        self.convert = convert
    }
}

/// Every format the engine reads, keyed by extension (`.gz` is sniffed by content and stripped from names).
/// Adding a format = one file defining `extension FileFormat { static let x = … }` plus one entry below.
public enum FormatRegistry {
    public static let formats: [FileFormat] = [
        .vmr,
        .v16,
        .srf,
        .voi,
        .poi,
        .nifti,
        .freesurferSurface,
        .freesurferAnnotation,
        .freesurferLabel,
    ]

    /// Cross-format conversions; same-format conversion needs no entry.
    public static let converters: [FormatConverter] = [
        .niftiToVMR,
        .niftiToV16,
        .freesurferSurfaceToSRF,
    ]

    /// The file's extension without `.gz`, lower-cased (`brain.nii.gz` → `nii`).
    public static func formatExtension(of url: URL) -> String {
        var u = url
        if u.pathExtension.lowercased() == "gz" { u = u.deletingPathExtension() }
        return u.pathExtension.lowercased()
    }

    public static func format(for url: URL) throws -> FileFormat {
        let ext = formatExtension(of: url)
        guard let format = formats.first(where: { $0.extensions.contains(ext) }) else {
            let known = formats.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
            throw FormatError(file: url.lastPathComponent, field: "extension",
                              message: "unknown file type \".\(ext)\" (known: \(known), each optionally .gz)")
        }
        return format
    }

    /// Reads any registered file (gzip by magic bytes).
    public static func read(_ url: URL) throws -> any FormatDocument {
        let format = try format(for: url)
        return try format.read(FileSource.read(url), url.lastPathComponent)
    }

    /// `inspect`: the summary as one JSON object, or as readable text.
    public static func inspect(_ url: URL, json: Bool) throws -> String {
        let doc = try read(url)
        return json ? doc.summary().description : doc.describe()
    }

    /// `convert`: reads `input`, writes the format `output`'s extension names (atomically; gzip for `.gz`).
    public static func convert(_ input: URL, to output: URL, options: ConversionOptions = ConversionOptions()) throws {
        let doc = try read(input)
        let target = try format(for: output)
        let result: any FormatDocument
        if target.name == doc.formatName {
            result = doc
        } else if let converter = converters.first(where: { $0.from == doc.formatName && $0.to == target.name }) {
            result = try converter.convert(doc, options)
        } else {
            let possible = converters.filter { $0.from == doc.formatName }.map(\.to)
            throw FormatError(file: input.lastPathComponent, field: "convert",
                              message: "cannot convert \(doc.formatName) to \(target.name)"
                                  + (possible.isEmpty ? "" : " (possible: \(possible.joined(separator: ", ")))"))
        }
        try AtomicFile.write(result.encodedDocument(), to: output)
    }
}
