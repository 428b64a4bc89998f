/// The `Key: value` grammar the VOI and POI text formats share (docs/file-formats.md §5, §6): entries,
/// counts, colours, name lists, the version check and the declared-count check, each with one error text.
extension TextLineScanner {
    /// The next line as `Key: value`.
    func entry(_ line: Line) throws -> (key: String, value: Range<Int>) {
        guard let kv = keyValue(line) else {
            throw error(line, "line", "expected `Key: value`, found \"\(text(line).prefix(60))\"")
        }
        return kv
    }

    /// A count ≥ 0; `fitting` bounds it by the bytes left, `bytesPerItem` being the fewest one item takes.
    func count(_ line: Line, _ value: Range<Int>, _ field: String, items: String, bytesPerItem: Int? = nil) throws -> Int {
        guard let n = integer(value), n >= 0 else { throw error(line, field, "\"\(text(value))\" is not a count") }
        if let bytesPerItem, n > remainingBytes / bytesPerItem + 1 {
            throw error(line, field, "\(n) \(items) cannot fit in the \(remainingBytes) bytes left")
        }
        return n
    }

    /// `r g b`, each 0–255.
    func rgb(_ line: Line, _ value: Range<Int>, _ field: String) throws -> SIMD3<UInt8> {
        var c: (Int64, Int64, Int64) = (0, 0, 0)
        guard integers(value, into: &c, max: 3) == 3, [c.0, c.1, c.2].allSatisfy({ (0...255).contains($0) }) else {
            throw error(line, field, "\"\(text(value))\" is not three values 0–255")
        }
        return SIMD3(UInt8(c.0), UInt8(c.1), UInt8(c.2))
    }

    /// `count` whole lines (file paths may hold colons, so they are not split), as stored bytes.
    mutating func lines(_ count: Int, _ field: String, items: String) throws -> [[UInt8]] {
        var out: [[UInt8]] = []
        for k in 0..<count {
            guard let line = nextLine() else { throw error(nil, field, "file ends after \(k) of \(count) \(items)") }
            out.append(raw(line))
        }
        return out
    }

    /// `FileVersion` parsed and within the versions the format knows.
    func version(_ text: String?, format: String, known: ClosedRange<Int>) throws -> Int {
        guard let text else { throw error(nil, "FileVersion", "missing: not a \(format) file") }
        guard let version = Int(text), known.contains(version) else {
            throw error(nil, "FileVersion", "\"\(text)\" is not a known \(format) version (\(known.lowerBound)–\(known.upperBound))")
        }
        return version
    }

    /// The header's `NrOfX` against what the file holds.
    func checkDeclared(_ declared: Int?, found: Int, field: String, items: String) throws {
        guard let declared else { throw error(nil, field, "missing") }
        guard declared == found else { throw error(nil, field, "header says \(declared) \(items) but the file holds \(found)") }
    }
}
