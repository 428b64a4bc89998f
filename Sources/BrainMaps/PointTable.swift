import Foundation

/// A table of points read from CSV or TSV text: a header row naming the columns (x, y, z among them, any
/// case), then one row per point. Other columns are kept as text.
public struct PointTable: Sendable {
    /// Largest table read (rows), so a runaway input cannot exhaust memory.
    public static let maxRows = 1_000_000

    public let columns: [String]
    public let rows: [[String]]
    /// Each row's point (x, y, z).
    public let points: [SIMD3<Double>]

    /// Parses `text` (tab-separated when the header holds a tab, else comma-separated with RFC 4180 quotes); `name` labels errors.
    public init(text: String, name: String) throws {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let head = lines.first else { throw MapsError("\(name): empty table (expected a header row with x, y, z)") }
        let tab = head.contains("\t")
        let split: (String) -> [String] = { tab ? $0.components(separatedBy: "\t") : Self.csvFields($0) }
        columns = split(head).map { $0.trimmingCharacters(in: .whitespaces) }
        let lower = columns.map { $0.lowercased() }
        guard let xi = lower.firstIndex(of: "x"), let yi = lower.firstIndex(of: "y"), let zi = lower.firstIndex(of: "z") else {
            throw MapsError("\(name): header \(columns.joined(separator: ", ")) has no x, y and z columns")
        }
        guard lines.count - 1 <= Self.maxRows else { throw MapsError("\(name): \(lines.count - 1) rows; at most \(Self.maxRows) are read") }
        var rows: [[String]] = [], points: [SIMD3<Double>] = []
        for (n, line) in lines.dropFirst().enumerated() {
            var fields = split(line)
            guard fields.count <= columns.count else {
                throw MapsError("\(name): row \(n + 2): \(fields.count) fields, the header has \(columns.count)")
            }
            fields += Array(repeating: "", count: columns.count - fields.count)
            var p = SIMD3<Double>()
            for (axis, i) in [xi, yi, zi].enumerated() {
                guard let v = Double(fields[i].trimmingCharacters(in: .whitespaces)), v.isFinite else {
                    throw MapsError("\(name): row \(n + 2), column \(columns[i]): \"\(fields[i])\" is not a number")
                }
                p[axis] = v
            }
            rows.append(fields)
            points.append(p)
        }
        self.rows = rows
        self.points = points
    }

    /// One CSV line's fields; quoted fields may hold commas and doubled quotes.
    static func csvFields(_ line: String) -> [String] {
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
            } else if c == "," {
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
