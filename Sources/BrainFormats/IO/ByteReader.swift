/// Bounds-checked sequential reader of unaligned little/big-endian values over raw bytes.
///
/// It borrows the buffer: use it only inside the `withUnsafeBytes` closure that produced it.
/// Every read throws a `FormatError` naming the field instead of trapping on short input.
public struct ByteReader {
    public let bytes: UnsafeRawBufferPointer
    public let file: String
    public private(set) var offset: Int

    public init(_ bytes: UnsafeRawBufferPointer, file: String, offset: Int = 0) {
        self.bytes = bytes
        self.file = file
        self.offset = offset
    }

    public var remaining: Int { bytes.count - offset }
    public var isAtEnd: Bool { offset >= bytes.count }

    public func error(_ field: String, _ message: String) -> FormatError {
        FormatError(file: file, field: field, message: message)
    }

    /// Throws unless `count` more bytes are available (count may come from an untrusted header).
    public func require(_ count: Int, for field: String) throws {
        guard count >= 0 else { throw error(field, "negative size \(count)") }
        guard count <= remaining else {
            throw error(field, "needs \(count) bytes at offset \(offset) but the file has only \(remaining) left (truncated?)")
        }
    }

    public mutating func seek(to newOffset: Int) throws {
        guard newOffset >= 0, newOffset <= bytes.count else {
            throw error("offset", "position \(newOffset) is outside the \(bytes.count)-byte file")
        }
        offset = newOffset
    }

    public mutating func skip(_ count: Int, field: String) throws {
        try require(count, for: field)
        offset += count
    }

    @inline(__always)
    mutating func load<T: FixedWidthInteger>(_ type: T.Type, field: String) throws -> T {
        try require(MemoryLayout<T>.size, for: field)
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
        return value
    }

    public mutating func u8(_ field: String) throws -> UInt8 { try load(UInt8.self, field: field) }
    public mutating func u16(_ field: String) throws -> UInt16 { UInt16(littleEndian: try load(UInt16.self, field: field)) }
    public mutating func i16(_ field: String) throws -> Int16 { Int16(littleEndian: try load(Int16.self, field: field)) }
    public mutating func u32(_ field: String) throws -> UInt32 { UInt32(littleEndian: try load(UInt32.self, field: field)) }
    public mutating func i32(_ field: String) throws -> Int32 { Int32(littleEndian: try load(Int32.self, field: field)) }
    public mutating func f32(_ field: String) throws -> Float { Float(bitPattern: try u32(field)) }
    public mutating func u16BE(_ field: String) throws -> UInt16 { UInt16(bigEndian: try load(UInt16.self, field: field)) }
    public mutating func i16BE(_ field: String) throws -> Int16 { Int16(bigEndian: try load(Int16.self, field: field)) }
    public mutating func u32BE(_ field: String) throws -> UInt32 { UInt32(bigEndian: try load(UInt32.self, field: field)) }
    public mutating func i32BE(_ field: String) throws -> Int32 { Int32(bigEndian: try load(Int32.self, field: field)) }
    public mutating func f32BE(_ field: String) throws -> Float { Float(bitPattern: try u32BE(field)) }
    public mutating func f64BE(_ field: String) throws -> Double {
        Double(bitPattern: UInt64(bigEndian: try load(UInt64.self, field: field)))
    }
    public mutating func f64(_ field: String) throws -> Double {
        Double(bitPattern: UInt64(littleEndian: try load(UInt64.self, field: field)))
    }

    /// Raw bytes as an array.
    public mutating func bytes(_ count: Int, field: String) throws -> [UInt8] {
        try require(count, for: field)
        let out = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
        offset += count
        return out
    }

    /// A NUL-terminated string (terminator consumed, not returned); capped so a missing NUL cannot run away.
    public mutating func cString(_ field: String, maxLength: Int = 65_536) throws -> RawString {
        let limit = min(bytes.count, offset + maxLength + 1)
        var end = offset
        while end < limit && bytes[end] != 0 { end += 1 }
        guard end < limit else {
            if limit == bytes.count {
                throw error(field, "text at offset \(offset) has no terminating NUL byte before the end of the file (truncated?)")
            }
            throw error(field, "text at offset \(offset) is longer than \(maxLength) bytes")
        }
        let raw = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
        offset = end + 1
        return RawString(bytes: raw)
    }
}
