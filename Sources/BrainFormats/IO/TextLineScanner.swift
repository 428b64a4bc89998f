/// Byte-level line scanner for BrainVoyager's `Key: value` text formats (VOI, POI): LF or CR LF,
/// blank lines skipped, integers parsed without building strings (the hot path for 700k-voxel VOIs).
public struct TextLineScanner {
    public let bytes: UnsafeRawBufferPointer
    public let file: String
    public private(set) var position = 0

    public init(_ bytes: UnsafeRawBufferPointer, file: String) {
        self.bytes = bytes
        self.file = file
        // A UTF-8 byte-order mark carries no meaning here.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
    }

    /// A line's byte range with surrounding blanks and the CR of CR LF removed.
    public typealias Line = Range<Int>

    /// The next non-blank line, or nil at end of input.
    public mutating func nextLine() -> Line? {
        while position < bytes.count {
            let start = position
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            position = end < bytes.count ? end + 1 : end
            var lo = start, hi = end
            while lo < hi && Self.isBlank(bytes[lo]) { lo += 1 }
            while hi > lo && (Self.isBlank(bytes[hi - 1]) || bytes[hi - 1] == 0x0D) { hi -= 1 }
            if lo < hi { return lo..<hi }
        }
        return nil
    }

    @inline(__always)
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0C }

    public var remainingBytes: Int { bytes.count - position }

    /// 1-based number of the line containing byte `offset` (computed only for error messages).
    public func lineNumber(at offset: Int) -> Int {
        var n = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A { n += 1 }
        return n
    }

    public func error(_ line: Line?, _ field: String, _ message: String) -> FormatError {
        let where_ = line.map { "line \(lineNumber(at: $0.lowerBound)): " } ?? ""
        return FormatError(file: file, field: field, message: where_ + message)
    }

    public func text(_ range: Range<Int>) -> String { TextDecoding.decode(UnsafeRawBufferPointer(rebasing: bytes[range])) }
    public func raw(_ range: Range<Int>) -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: bytes[range])) }

    /// Splits `Key: value` at the first colon; nil when the line has none.
    public func keyValue(_ line: Line) -> (key: String, value: Range<Int>)? {
        guard let colon = line.first(where: { bytes[$0] == 0x3A }) else { return nil }
        var keyEnd = colon
        while keyEnd > line.lowerBound && Self.isBlank(bytes[keyEnd - 1]) { keyEnd -= 1 }
        var valueStart = colon + 1
        while valueStart < line.upperBound && Self.isBlank(bytes[valueStart]) { valueStart += 1 }
        return (text(line.lowerBound..<keyEnd), valueStart..<line.upperBound)
    }

    /// Parses blank-separated integers of a range into `out`; returns how many were read, or nil on a non-number.
    @inline(__always)
    public func integers(_ range: Range<Int>, into out: inout (Int64, Int64, Int64), max: Int) -> Int? {
        var i = range.lowerBound
        var n = 0
        while i < range.upperBound {
            while i < range.upperBound && Self.isBlank(bytes[i]) { i += 1 }
            if i == range.upperBound { break }
            guard n < max else { return nil }
            var negative = false
            if bytes[i] == 0x2D || bytes[i] == 0x2B {
                negative = bytes[i] == 0x2D
                i += 1
            }
            var value: Int64 = 0
            var digits = 0
            while i < range.upperBound, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                guard digits < 18 else { return nil }
                value = value * 10 + Int64(bytes[i] - 0x30)
                digits += 1
                i += 1
            }
            guard digits > 0, i == range.upperBound || Self.isBlank(bytes[i]) else { return nil }
            if negative { value = -value }
            switch n {
            case 0: out.0 = value
            case 1: out.1 = value
            default: out.2 = value
            }
            n += 1
        }
        return n
    }

    /// Reads the next non-blank line as exactly three blank-separated integers in one pass (the VOI voxel
    /// hot path). Returns nil, with the position unchanged, when that line is anything else or input ended.
    @inline(__always)
    public mutating func intTriple() -> (Int64, Int64, Int64)? {
        let n = bytes.count
        var i = position
        // Skip blank lines and leading blanks.
        while i < n, bytes[i] == 0x0A || Self.isBlank(bytes[i]) { i += 1 }
        // Three scalar parses, not a loop writing SIMD lanes: lane stores by index stall the pipeline.
        guard let a = integer(at: &i), separator(&i), let b = integer(at: &i), separator(&i),
              let c = integer(at: &i) else { return nil }
        while i < n, Self.isBlank(bytes[i]) { i += 1 }
        guard i == n || bytes[i] == 0x0A else { return nil }
        position = i < n ? i + 1 : i
        return (a, b, c)
    }

    @inline(__always)
    private func separator(_ i: inout Int) -> Bool {
        guard i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 else { return false }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return true
    }

    /// An optionally signed decimal of at most 18 digits starting at `i`.
    @inline(__always)
    private func integer(at i: inout Int) -> Int64? {
        let n = bytes.count
        var negative = false
        if i < n, bytes[i] == 0x2D || bytes[i] == 0x2B {
            negative = bytes[i] == 0x2D
            i += 1
        }
        var value: Int64 = 0
        let start = i
        while i < n, bytes[i] &- 0x30 < 10, i - start < 18 {
            value = value &* 10 &+ Int64(bytes[i] &- 0x30)
            i += 1
        }
        guard i > start else { return nil }
        return negative ? -value : value
    }

    /// One integer filling the whole range.
    public func integer(_ range: Range<Int>) -> Int? {
        var out: (Int64, Int64, Int64) = (0, 0, 0)
        guard integers(range, into: &out, max: 1) == 1 else { return nil }
        return Int(out.0)
    }
}

/// Writes BrainVoyager-style `Key:   value` lines with the key padded to a column.
struct TextLineWriter {
    var bytes: [UInt8] = []
    let newline: [UInt8] = [0x0A]

    mutating func blank() { bytes += newline }

    mutating func key(_ key: String, _ value: [UInt8], column: Int) {
        var head = Array(key.utf8) + [0x3A]
        // BV pads with spaces to `column` and always leaves at least one.
        repeat { head.append(0x20) } while head.count < column
        bytes += head
        bytes += value
        bytes += newline
    }

    mutating func key(_ key: String, _ value: String, column: Int) { self.key(key, Array(value.utf8), column: column) }

    mutating func line(_ value: [UInt8]) {
        bytes += value
        bytes += newline
    }

    mutating func int(_ v: Int32) {
        if v < 0 { bytes.append(0x2D) }
        var m = v.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[n] = UInt8(0x30 + m % 10)
                m /= 10
                n += 1
            } while m > 0
            for k in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[k]) }
        }
    }
}
