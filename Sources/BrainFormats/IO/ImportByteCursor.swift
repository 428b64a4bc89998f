import Foundation

/// Bounds-checked reading of fixed-size binary fields, little- or big-endian, for the importers.
///
/// Every read checks the remaining length first, so a count taken from a header can never make
/// the reader run past the buffer or allocate more than the buffer holds.
struct ImportByteCursor {
    let bytes: [UInt8]
    let file: String
    var bigEndian: Bool
    var offset: Int = 0

    init(_ bytes: [UInt8], file: String, bigEndian: Bool) {
        self.bytes = bytes
        self.file = file
        self.bigEndian = bigEndian
    }

    var remaining: Int { bytes.count - offset }

    func fail(_ field: String, _ problem: String) -> FormatError {
        FormatError(file: file, field: field, message: problem)
    }

    mutating func need(_ count: Int, _ field: String) throws {
        guard count >= 0, count <= remaining else {
            throw fail(field, "needs \(count) bytes at offset \(offset), file has \(remaining) left (truncated)")
        }
    }

    mutating func u32(_ field: String) throws -> UInt32 {
        try need(4, field)
        let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1])
        let b2 = UInt32(bytes[offset + 2]), b3 = UInt32(bytes[offset + 3])
        offset += 4
        return bigEndian ? (b0 << 24 | b1 << 16 | b2 << 8 | b3) : (b3 << 24 | b2 << 16 | b1 << 8 | b0)
    }

    mutating func i32(_ field: String) throws -> Int32 { Int32(bitPattern: try u32(field)) }

    mutating func i16(_ field: String) throws -> Int16 {
        try need(2, field)
        let b0 = UInt16(bytes[offset]), b1 = UInt16(bytes[offset + 1])
        offset += 2
        return Int16(bitPattern: bigEndian ? (b0 << 8 | b1) : (b1 << 8 | b0))
    }

    mutating func f32(_ field: String) throws -> Float { Float(bitPattern: try u32(field)) }

    /// A count field that must be in `0...limit` (limit usually derived from the bytes left).
    mutating func count(_ field: String, atMost limit: Int) throws -> Int {
        let value = try i32(field)
        guard value >= 0 else { throw fail(field, "negative count \(value)") }
        guard Int(value) <= limit else {
            throw fail(field, "count \(value) exceeds what the remaining \(remaining) bytes can hold")
        }
        return Int(value)
    }

    mutating func take(_ count: Int, _ field: String) throws -> ArraySlice<UInt8> {
        try need(count, field)
        defer { offset += count }
        return bytes[offset ..< offset + count]
    }

    /// A length-prefixed, NUL-padded string (FreeSurfer colour tables).
    mutating func lengthPrefixedString(_ field: String) throws -> String {
        let length = try count(field, atMost: remaining - 4 < 0 ? 0 : remaining - 4)
        let raw = try take(length, field)
        let trimmed = raw.prefix { $0 != 0 }
        return String(decoding: trimmed, as: UTF8.self)
    }

    /// Bytes up to (not including) the next `terminator`; consumes the terminator.
    mutating func line(_ field: String, terminator: UInt8 = 0x0A) throws -> ArraySlice<UInt8> {
        guard let end = bytes[offset...].firstIndex(of: terminator) else {
            throw fail(field, "no line end before the end of the file")
        }
        defer { offset = end + 1 }
        return bytes[offset ..< end]
    }
}
