import Foundation

/// A parsed file of any registered format, as `inspect` and `convert` see it.
public protocol FormatDocument: Sendable {
    /// The registry name of its format (`vmr`, `srf`, …).
    var formatName: String { get }
    /// The `inspect --json` object (fields a version lacks are `null`).
    func summary() -> JSONValue
    /// A short human-readable summary (several lines, no trailing newline).
    func describe() -> String
    /// The same, for a document read from a file called `fileName` (formats that infer things from the name).
    func describe(fileName: String) -> String
    /// Problems that do not stop the document from being used (printed by `inspect` and `convert` on stderr).
    var warnings: [String] { get }
    /// The document's bytes in its own format (a same-format round trip).
    func encodedDocument() throws -> Data
}

extension FormatDocument {
    public func describe(fileName: String) -> String { describe() }
    public var warnings: [String] { [] }
}

/// One file format: its name, file extensions (without `.gz`), identifying leading bytes, reader and the
/// conversions it offers. A format lives in one file that declares `extension FileFormat { static let x }`.
public struct FileFormat: Sendable {
    public let name: String
    public let extensions: [String]
    /// Leading bytes (after gzip is undone) that identify the format whatever the file is called; empty for
    /// formats without a magic number (recognised by extension only).
    public let signatures: [[UInt8]]
    /// Conversions from this format to others (same-format conversion needs none).
    public let converters: [FormatConverter]
    /// Checks a compressed file's leading bytes and gives the largest decompressed size they justify.
    public let sizeLimit: SizeLimit
    public let read: @Sendable (_ data: Data, _ fileName: String) throws -> any FormatDocument
    /// For formats whose header says all `inspect` prints (NIfTI): the document made from a header read
    /// alone, so inspecting a gigabyte image inflates a few kilobytes. Nil: `inspect` reads the whole file.
    public var inspectHeader: (@Sendable (_ file: OpenedFile) throws -> any FormatDocument)?

    public init(name: String, extensions: [String], signatures: [[UInt8]] = [], converters: [FormatConverter] = [],
                sizeLimit: @escaping SizeLimit,
                read: @escaping @Sendable (Data, String) throws -> any FormatDocument) {
        self.sizeLimit = sizeLimit
        self.name = name
        self.extensions = extensions
        self.signatures = signatures
        self.converters = converters
        self.read = read
    }

    /// True when `data` starts with one of this format's signatures.
    public func matchesSignature(_ data: Data) -> Bool {
        signatures.contains { sig in !sig.isEmpty && data.count >= sig.count && data.prefix(sig.count).elementsEqual(sig) }
    }
}

/// Options that format conversions may honour.
public struct ConversionOptions: Sendable {
    /// Keep integer label values instead of mapping grey values (NIfTI → VMR).
    public var labels: Bool
    /// Vertex count of the mesh a surface label belongs to (FreeSurfer `.label` → POI needs it; a label
    /// file does not store it). For annotations it must match the annotation's own count when given.
    public var meshVertexCount: Int?
    /// Name of the input file (set by `FormatRegistry.convert`; used for names and errors).
    public var sourceFileName: String
    /// A native VMP's VMR grid and TRF files (VMP → NIfTI: the maps go to the chain's MNI or Talairach space).
    public var vmrFrame: VolumeFrame? = nil
    public var trfChain: TRFChain? = nil

    public init(labels: Bool = false, meshVertexCount: Int? = nil, sourceFileName: String = "input") {
        self.labels = labels
        self.meshVertexCount = meshVertexCount
        self.sourceFileName = sourceFileName
    }
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

/// Every format the engine reads. A file is recognised by its leading bytes when its format has a
/// signature (FreeSurfer surfaces: `lh.sphere.reg`, `lh.white.preaparc`), otherwise by its extension
/// (`.gz` is sniffed by content and stripped from names). Adding a format = one file defining
/// `extension FileFormat { static let x = FileFormat(…) }` (reader, signatures, converters) plus its
/// name in the list below (Swift has no run-time discovery of static members).
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
        .freesurferColorLUT,
        .vmp,
        .smp,
        .trf,
    ]

    /// Cross-format conversions, as the formats declare them.
    public static var converters: [FormatConverter] { formats.flatMap(\.converters) }

    /// The file's extension without `.gz`, lower-cased (`brain.nii.gz` → `nii`).
    public static func formatExtension(of url: URL) -> String {
        var u = url
        if u.pathExtension.lowercased() == "gz" { u = u.deletingPathExtension() }
        return u.pathExtension.lowercased()
    }

    /// The extensions `inspect` and `convert` know, for messages.
    public static var supportedExtensions: String {
        formats.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ") + " (each optionally .gz)"
    }

    public static func format(for url: URL) throws -> FileFormat {
        let ext = formatExtension(of: url)
        guard !ext.isEmpty else {
            throw FormatError(file: url.lastPathComponent, field: "extension",
                              message: "has no extension; supported: \(supportedExtensions)")
        }
        guard let format = formats.first(where: { $0.extensions.contains(ext) }) else {
            throw FormatError(file: url.lastPathComponent, field: "extension",
                              message: "unknown file type \".\(ext)\" (supported: \(supportedExtensions))")
        }
        return format
    }

    /// Refuses a directory by name before anything is read.
    static func checkPath(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw FormatError(file: url.path, field: "", message: "is a directory, not a file")
        }
    }

    /// The format of a file with these (decompressed) contents: the format its extension names, else a
    /// signature match (FreeSurfer surfaces are often named `lh.sphere.reg`). A name the user chose wins over
    /// a chance byte pattern: a `.vmr` whose first bytes happen to be FF FF FE is read (or refused) as a VMR.
    public static func format(for url: URL, contents: Data) throws -> FileFormat {
        let ext = formatExtension(of: url)
        if let byName = formats.first(where: { $0.extensions.contains(ext) }) { return byName }
        if let byContent = formats.first(where: { $0.matchesSignature(contents) }) { return byContent }
        return try format(for: url)
    }

    /// Reads any registered file (gzip by magic bytes): the header first, which names the format and
    /// bounds how far a compressed file may inflate, then the rest.
    public static func read(_ url: URL) throws -> any FormatDocument {
        let (format, file) = try readHeader(url)
        return try format.read(file.contents(sizeLimit: format.sizeLimit), url.lastPathComponent)
    }

    /// The header read alone: the file's format and its leading bytes, without inflating the rest.
    public static func readHeader(_ url: URL) throws -> (format: FileFormat, file: OpenedFile) {
        try checkPath(url)
        let file = try FileSource.readHeader(url)
        return (try format(for: url, contents: file.head), file)
    }

    /// `inspect`: the summary as one JSON object, or as readable text.
    public static func inspect(_ url: URL, json: Bool) throws -> String {
        try inspectReport(url, json: json).text
    }

    /// `inspect` with the document's warnings (each starting with the file name) for stderr.
    public static func inspectReport(_ url: URL, json: Bool) throws -> (text: String, warnings: [String]) {
        let (format, file) = try readHeader(url)
        let doc = try format.inspectHeader?(file) ?? format.read(file.contents(sizeLimit: format.sizeLimit), url.lastPathComponent)
        // JSON escapes control characters itself; readable text and warnings go to a terminal.
        let text = json ? doc.summary().description
                        : TextDecoding.printable(doc.describe(fileName: url.lastPathComponent), keepLayout: true)
        return (text, doc.warnings.map { TextDecoding.printable("\(url.lastPathComponent): \($0)") })
    }

    /// `convert`: reads `input`, writes the format `output`'s extension names (atomically; gzip for `.gz`).
    /// Returns the input's and the result's warnings, each starting with the file name.
    @discardableResult
    public static func convert(_ input: URL, to output: URL, options: ConversionOptions = ConversionOptions()) throws -> [String] {
        let doc = try read(input)
        let target = try format(for: output)
        var options = options
        options.sourceFileName = input.lastPathComponent
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
        let inputWarnings = doc.warnings.map { "\(input.lastPathComponent): \($0)" }
        let outputWarnings = result.formatName == doc.formatName ? [] : result.warnings.map { "\(output.lastPathComponent): \($0)" }
        return inputWarnings + outputWarnings
    }
}
