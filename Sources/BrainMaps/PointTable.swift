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
    /// The text is read as UTF-8 bytes (every separator is ASCII), so a table of a million rows reads in well under
    /// a second; only quoted lines and numbers with other than ASCII blanks around them take the slower path.
    public init(text: String, name: String) throws {
        let bytes = Array(text.utf8)
        let (lines, lineNumbers) = Self.lines(bytes)
        guard let headRange = lines.first else { throw MapsError("\(name): empty table (expected a header row with x, y, z)") }
        let head = Substring(String(decoding: bytes[headRange], as: UTF8.self))
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
        let columns = columns
        bytes.withUnsafeBufferPointer { all in
            for (line, number) in zip(lines.dropFirst(), lineNumbers.dropFirst()) {
                let text = UnsafeBufferPointer(rebasing: all[line])
                var fields = Self.fields(text, separator: sep)
                var error: String?
                var point: SIMD3<Double>?
                if fields.count > columns.count {
                    error = "row \(number): \(fields.count) fields, the header has \(columns.count)"
                } else {
                    if fields.count < columns.count { fields += Array(repeating: "", count: columns.count - fields.count) }
                    var p = SIMD3<Double>()
                    for (axis, i) in axes.enumerated() {
                        guard let v = Self.number(fields[i], decimalComma: sep == ";"), v.isFinite else {
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
        }
        self.rows = rows
        rowNumbers = Array(lineNumbers.dropFirst())
        self.points = points
        self.errors = errors
    }

    /// The byte ranges of the non-blank lines and their line numbers. Lines end at "\n", a "\r" before it is not
    /// part of the line, and a line of blanks, tabs and "\r" only is skipped.
    static func lines(_ bytes: [UInt8]) -> ([Range<Int>], [Int]) {
        var ranges: [Range<Int>] = [], numbers: [Int] = []
        bytes.withUnsafeBufferPointer { b in
            var start = 0, number = 0
            while start <= b.count {
                var end = start
                while end < b.count && b[end] != 0x0A { end += 1 }
                number += 1
                let stop = end > start && b[end - 1] == 0x0D ? end - 1 : end
                var blank = true
                for i in start..<stop where b[i] != 0x20 && b[i] != 0x09 && b[i] != 0x0D { blank = false; break }
                if !blank {
                    ranges.append(start..<stop)
                    numbers.append(number)
                }
                start = end + 1
            }
        }
        return (ranges, numbers)
    }

    /// One line's fields from its UTF-8 bytes: split at the separator, or read with quotes when the line holds one.
    static func fields(_ line: UnsafeBufferPointer<UInt8>, separator: Character) -> [String] {
        let sep = separator.asciiValue!
        guard !line.contains(0x22) else { return fields(Substring(String(decoding: line, as: UTF8.self)), separator: separator) }
        var fields: [String] = []
        var start = 0
        for i in 0...line.count where i == line.count || line[i] == sep {
            fields.append(String(decoding: UnsafeBufferPointer(rebasing: line[start..<i]), as: UTF8.self))
            start = i + 1
        }
        return fields
    }

    /// A coordinate's number: blanks around it ignored, a decimal comma read as a point where the separator is `;`.
    static func number(_ field: String, decimalComma: Bool) -> Double? {
        var utf8 = Substring(field).utf8
        // ASCII blanks are the common case; anything else is trimmed as Foundation's whitespace set says.
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            var text = field.trimmingCharacters(in: .whitespaces)
            if decimalComma { text = text.replacingOccurrences(of: ",", with: ".") }
            return Double(text)
        }
        while let first = utf8.first, first == 0x20 || first == 0x09 { utf8.removeFirst() }
        while let last = utf8.last, last == 0x20 || last == 0x09 { utf8.removeLast() }
        guard decimalComma, utf8.contains(0x2C) else { return Double(Substring(utf8)) }
        return Double(String(decoding: utf8.map { $0 == 0x2C ? 0x2E : $0 }, as: UTF8.self))
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
