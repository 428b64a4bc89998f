import Foundation

/// A table of points read from CSV, TSV or semicolon-separated text: a header row naming the columns (x, y, z
/// under any common name, any case), then one row per point. Other columns are kept as text; a row whose point
/// cannot be read keeps its text and an error naming its row, and the rest go on.
public struct PointTable: Sendable {
    /// Largest table read (rows), so a runaway input cannot exhaust memory.
    public static let maxRows = 2_000_000

    /// Header names accepted for each axis (compared lower-cased, blanks and dots as underscores).
    public static let axisNames: [[String]] = ["x", "y", "z"].map { a in
        [a, "peak_\(a)", "mni_\(a)", "tal_\(a)", "\(a)_mni", "\(a)_tal", "\(a)_mm", "\(a)mm", "coord_\(a)", "\(a)_coord", "pos_\(a)", "\(a)coord"]
    }

    public let columns: [String]
    public let rows: [[String]]
    /// Each row's point (x, y, z), nil when the row has an error.
    public let points: [SIMD3<Double>?]
    /// Each row's problem ("row 7: column y: \"two\" is not a number"), nil when it was read.
    public let errors: [String?]
    /// Each row's line number in the text (the header is line 1 when it comes first).
    public let rowNumbers: [Int]
    /// The field separator found in the header: `,`, tab or `;`.
    public let separator: Character

    /// Parses `text`: tab-separated when the header holds a tab, semicolon-separated when it holds a semicolon and
    /// no comma (numbers may then use a decimal comma), else comma-separated with RFC 4180 quotes; `name` labels errors.
    public init(text: String, name: String) throws {
        var lines: [Substring] = []
        var lineNumbers: [Int] = []
        var n = 0
        // "\r\n" is one Character in Swift, so both line ends are named.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            n += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            guard line.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { continue }
            lines.append(line)
            lineNumbers.append(n)
        }
        guard let head = lines.first else { throw MapsError("\(name): empty table (expected a header row with x, y, z)") }
        let sep: Character = head.contains("\t") ? "\t" : head.contains(";") && !head.contains(",") ? ";" : ","
        separator = sep
        columns = Self.fields(head, separator: sep).map { $0.trimmingCharacters(in: .whitespaces) }
        let keys = columns.map { $0.lowercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: ".", with: "_") }
        var axes: [Int] = []
        for names in Self.axisNames {
            guard let i = names.lazy.compactMap({ keys.firstIndex(of: $0) }).first else {
                throw MapsError("\(name): header \(columns.joined(separator: ", ")) has no \(names[0]) column "
                                + "(accepted: \(names.prefix(4).joined(separator: ", ")), … in any case)")
            }
            axes.append(i)
        }
        guard lines.count - 1 <= Self.maxRows else { throw MapsError("\(name): \(lines.count - 1) rows; at most \(Self.maxRows) are read") }
        var rows: [[String]] = [], points: [SIMD3<Double>?] = [], errors: [String?] = []
        rows.reserveCapacity(lines.count - 1)
        points.reserveCapacity(lines.count - 1)
        errors.reserveCapacity(lines.count - 1)
        for (line, number) in zip(lines.dropFirst(), lineNumbers.dropFirst()) {
            var fields = Self.fields(line, separator: sep)
            var error: String?
            var point: SIMD3<Double>?
            if fields.count > columns.count {
                error = "row \(number): \(fields.count) fields, the header has \(columns.count)"
            } else {
                fields += Array(repeating: "", count: columns.count - fields.count)
                var p = SIMD3<Double>()
                for (axis, i) in axes.enumerated() {
                    var text = fields[i].trimmingCharacters(in: .whitespaces)
                    if sep == ";" { text = text.replacingOccurrences(of: ",", with: ".") }
                    guard let v = Double(text), v.isFinite else {
                        error = "row \(number): column \(columns[i]): \"\(fields[i])\" is not a number"
                        break
                    }
                    p[axis] = v
                }
                if error == nil { point = p }
            }
            rows.append(fields)
            points.append(point)
            errors.append(error)
        }
        self.rows = rows
        rowNumbers = Array(lineNumbers.dropFirst())
        self.points = points
        self.errors = errors
    }

    /// One line's fields; quoted fields may hold separators and doubled quotes.
    static func fields(_ line: Substring, separator: Character) -> [String] {
        guard line.contains("\"") else { return line.split(separator: separator, omittingEmptySubsequences: false).map(String.init) }
        var fields: [String] = [], field = "", quoted = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            if quoted {
                if c == "\"" {
                    // A doubled quote is a literal quote; a single one ends the quoted part.
                    var peek = chars
                    if peek.next() == "\"" { field.append("\""); _ = chars.next() } else { quoted = false }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == separator {
                fields.append(field)
                field = ""
            } else {
                field.append(c)
            }
        }
        fields.append(field)
        return fields
    }
}
