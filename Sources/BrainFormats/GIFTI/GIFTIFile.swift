import Foundation

/// The data arrays of a GIFTI file (`.func.gii`, `.shape.gii`, `.label.gii`): XML whose `DataArray` elements hold
/// one value per vertex, as ASCII numbers, base64 bytes or zlib-compressed base64 bytes (`GZipBase64Binary`).
/// Only what per-vertex maps need is read: each array's name (its `Name` metadata), data type and values.
public struct GIFTIFile: Sendable {
    public struct DataArray: Sendable {
        public let name: String?
        public let intent: String
        public let values: [Float]
    }

    public let arrays: [DataArray]

    public init(contentsOf url: URL) throws {
        try self.init(data: FileSource.read(url, sizeLimit: TextSizeLimit.check), name: url.lastPathComponent)
    }

    public init(data: Data, name: String) throws {
        let text = TextDecoding.decode(data)
        guard text.contains("<GIFTI") else { throw FormatError(file: name, field: "GIFTI", message: "no <GIFTI> element: not a GIFTI file") }
        var arrays: [DataArray] = []
        var rest = text[...]
        while let open = rest.range(of: "<DataArray") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
                  let close = rest[tagEnd...].range(of: "</DataArray>") else {
                throw FormatError(file: name, field: "DataArray \(arrays.count + 1)", message: "is not closed")
            }
            let field = "DataArray \(arrays.count + 1)"
            let attributes = Self.attributes(String(rest[open.upperBound..<tagEnd]))
            let body = rest[rest.index(after: tagEnd)..<close.lowerBound]
            arrays.append(try Self.array(attributes: attributes, body: body, file: name, field: field))
            rest = rest[close.upperBound...]
        }
        guard !arrays.isEmpty else { throw FormatError(file: name, field: "DataArray", message: "the file holds no data array") }
        self.arrays = arrays
    }

    static func array(attributes a: [String: String], body: Substring, file: String, field: String) throws -> DataArray {
        func fail(_ what: String, _ message: String) -> FormatError { FormatError(file: file, field: "\(field) \(what)", message: message) }
        let dims = try (0..<Int(a["Dimensionality"] ?? "1")!).map { d -> Int in
            guard let n = a["Dim\(d)"].flatMap({ Int($0) }), n > 0 else { throw fail("Dim\(d)", "missing or not a positive whole number") }
            return n
        }
        let (count, overflow) = dims.reduce((1, false)) { acc, n in let r = acc.0.multipliedReportingOverflow(by: n); return (r.partialValue, acc.1 || r.overflow) }
        guard !overflow, count <= 1 << 28 else { throw fail("Dim0", "\(dims) values is more than a surface map holds") }
        let type = a["DataType"] ?? ""
        let size: Int
        switch type {
        case "NIFTI_TYPE_FLOAT32", "NIFTI_TYPE_INT32": size = 4
        case "NIFTI_TYPE_UINT8": size = 1
        default: throw fail("DataType", "\"\(type)\": per-vertex values are NIFTI_TYPE_FLOAT32, NIFTI_TYPE_INT32 or NIFTI_TYPE_UINT8")
        }
        guard let dataOpen = body.range(of: "<Data>"), let dataClose = body.range(of: "</Data>") else {
            if body.contains("<Data/>") || (a["Encoding"] ?? "") == "ExternalFileBinary" {
                throw fail("Encoding", "the values are in an external file (ExternalFileBinary); give a GIFTI with its data inside")
            }
            throw fail("Data", "no <Data> element")
        }
        let payload = body[dataOpen.upperBound..<dataClose.lowerBound].filter { !$0.isWhitespace }
        var values: [Float]
        switch a["Encoding"] ?? "" {
        case "ASCII":
            let numbers = body[dataOpen.upperBound..<dataClose.lowerBound].split(whereSeparator: \.isWhitespace).compactMap { Float($0) }
            guard numbers.count == count else { throw fail("Data", "holds \(numbers.count) numbers; Dim0… say \(count)") }
            values = numbers
        case "Base64Binary", "GZipBase64Binary":
            guard var bytes = Data(base64Encoded: String(payload)) else { throw fail("Data", "is not valid base64") }
            if a["Encoding"] == "GZipBase64Binary" {
                bytes = try Gzip.decompress(bytes, file: file, maxOutput: count * size, limitReason: "that \(field) declares")
            }
            guard bytes.count == count * size else { throw fail("Data", "holds \(bytes.count) bytes; \(count) values of \(size) bytes need \(count * size)") }
            let big = a["Endian"] == "BigEndian"
            values = bytes.withUnsafeBytes { raw in
                (0..<count).map { i -> Float in
                    if size == 1 { return Float(raw[i]) }
                    var bits = raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                    bits = big ? UInt32(bigEndian: bits) : UInt32(littleEndian: bits)
                    return type == "NIFTI_TYPE_INT32" ? Float(Int32(bitPattern: bits)) : Float(bitPattern: bits)
                }
            }
        default:
            throw fail("Encoding", "\"\(a["Encoding"] ?? "")\" is not ASCII, Base64Binary or GZipBase64Binary")
        }
        if dims.count == 2, dims[1] > 1, a["ArrayIndexingOrder"] == "ColumnMajorOrder" {
            throw fail("ArrayIndexingOrder", "a two-dimensional array in column-major order is not a per-vertex map")
        }
        return DataArray(name: metadataValue("Name", in: body), intent: a["Intent"] ?? "NIFTI_INTENT_NONE", values: values)
    }

    /// `key="value"` pairs of a start tag.
    static func attributes(_ tag: String) -> [String: String] {
        var out: [String: String] = [:]
        var rest = tag[...]
        while let eq = rest.firstIndex(of: "=") {
            let key = rest[..<eq].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
            let afterEq = rest[rest.index(after: eq)...].drop(while: \.isWhitespace)
            guard let quote = afterEq.first, quote == "\"" || quote == "'",
                  let end = afterEq.dropFirst().firstIndex(of: quote) else { break }
            out[key] = String(afterEq[afterEq.index(after: afterEq.startIndex)..<end])
            rest = afterEq[afterEq.index(after: end)...]
        }
        return out
    }

    /// The `<Value>` of the `<MD>` entry whose `<Name>` is `key` (CDATA or plain text).
    static func metadataValue(_ key: String, in body: Substring) -> String? {
        var rest = body
        while let md = rest.range(of: "<MD>"), let end = rest[md.upperBound...].range(of: "</MD>") {
            let entry = rest[md.upperBound..<end.lowerBound]
            if element("Name", in: entry) == key { return element("Value", in: entry) }
            rest = rest[end.upperBound...]
        }
        return nil
    }

    static func element(_ tag: String, in text: Substring) -> String? {
        guard let open = text.range(of: "<\(tag)>"), let close = text[open.upperBound...].range(of: "</\(tag)>") else { return nil }
        var value = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        if value.hasPrefix("<![CDATA["), value.hasSuffix("]]>") { value = String(value.dropFirst(9).dropLast(3)) }
        return value
    }
}
