import Foundation

extension TRFFile {
    public static func read(from url: URL) throws -> TRFFile {
        try TRFFile(data: FileSource.read(url, sizeLimit: TextSizeLimit.check), name: url.lastPathComponent)
    }

    /// Parses the text: blank lines, `Key: value` lines and blocks of four rows of four numbers.
    public init(data: Data, name: String) throws {
        let text = TextDecoding.decode(data)
        var rawLines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        // The final newline ends the last line rather than starting an empty one.
        if rawLines.last == "" { rawLines.removeLast() }
        var lines: [Line] = []
        var n = 0
        while n < rawLines.count {
            let trimmed = rawLines[n].trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                lines.append(.blank)
                n += 1
            } else if let row = Self.numberRow(trimmed) {
                var rows = [row]
                while rows.count < 4, n + rows.count < rawLines.count,
                      let next = Self.numberRow(rawLines[n + rows.count].trimmingCharacters(in: .whitespaces)) {
                    rows.append(next)
                }
                let texts = (0..<rows.count).map { i in
                    rawLines[n + i].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                }
                guard rows.count == 4 else {
                    throw FormatError(file: name, field: "matrix", message: "line \(n + 1): a matrix has 4 rows of 4 numbers; found \(rows.count) rows")
                }
                lines.append(.matrix(TRFMatrix(rows: rows, texts: texts)))
                n += 4
            } else if let colon = trimmed.firstIndex(of: ":") {
                let key = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
                let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                guard !key.isEmpty, !key.contains(" ") else {
                    throw FormatError(file: name, field: "line \(n + 1)", message: "\"\(trimmed.prefix(60))\" is neither a Key: value line nor a matrix row")
                }
                lines.append(.field(key: key, value: value))
                n += 1
            } else {
                throw FormatError(file: name, field: "line \(n + 1)", message: "\"\(trimmed.prefix(60))\" is neither a Key: value line nor a matrix row of 4 numbers")
            }
        }
        let file = TRFFile(lines: lines)
        try file.validate(name: name)
        self = file
    }

    /// Four finite numbers separated by blanks, or nil.

    static func numberRow(_ text: String) -> [Float]? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 4 else { return nil }
        let values = parts.compactMap { Float($0) }
        guard values.count == 4, values.allSatisfy(\.isFinite) else { return nil }
        return values
    }

    /// The fields every use needs: a version, a `DataFormat: Matrix`, one matrix and a transformation type.
    func validate(name: String) throws {
        guard let version = value("FileVersion") else { throw FormatError(file: name, field: "FileVersion", message: "missing") }
        guard let v = Int(version), (1...99).contains(v) else {
            throw FormatError(file: name, field: "FileVersion", message: "\"\(version)\" is not a version number")
        }
        guard let format = value("DataFormat") else { throw FormatError(file: name, field: "DataFormat", message: "missing") }
        guard format.caseInsensitiveCompare("Matrix") == .orderedSame else {
            throw FormatError(file: name, field: "DataFormat", message: "\"\(format)\": only Matrix transformations are read")
        }
        guard matrix != nil else { throw FormatError(file: name, field: "matrix", message: "no 4×4 matrix follows DataFormat") }
        guard let type = value("TransformationType") else { throw FormatError(file: name, field: "TransformationType", message: "missing") }
        guard Int(type) != nil else { throw FormatError(file: name, field: "TransformationType", message: "\"\(type)\" is not a number") }
    }
}
