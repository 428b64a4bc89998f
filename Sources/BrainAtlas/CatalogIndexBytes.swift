import Foundation

/// Appends the catalog index's little-endian fields: integers, strings (length + UTF-8),
/// optionals (a presence byte) and arrays (a count).
struct CatalogIndexWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func int(_ v: Int) { u64(UInt64(bitPattern: Int64(v))) }
    mutating func double(_ v: Double) { u64(v.bitPattern) }

    mutating func string(_ s: String) {
        u32(UInt32(s.utf8.count))
        bytes.append(contentsOf: s.utf8)
    }

    mutating func optional<T>(_ value: T?, _ write: (inout CatalogIndexWriter, T) -> Void) {
        guard let value else { return u8(0) }
        u8(1)
        write(&self, value)
    }

    mutating func array<T>(_ values: [T], _ write: (inout CatalogIndexWriter, T) -> Void) {
        u32(UInt32(values.count))
        for v in values { write(&self, v) }
    }
}

/// Reads what `CatalogIndexWriter` wrote; every read is bounds-checked and throws `Overrun` at
/// the end of the bytes, so a damaged index is refused (and the JSON read) instead of trusted.
struct CatalogIndexReader {
    struct Overrun: Error {}

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ n: Int) throws(Overrun) -> Int {
        guard n >= 0, n <= bytes.count - offset else { throw Overrun() }
        defer { offset += n }
        return offset
    }

    mutating func u8() throws(Overrun) -> UInt8 { bytes[try take(1)] }
    mutating func u32() throws(Overrun) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4), as: UInt32.self))
    }
    mutating func u64() throws(Overrun) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8), as: UInt64.self))
    }
    mutating func int() throws(Overrun) -> Int { Int(Int64(bitPattern: try u64())) }
    mutating func double() throws(Overrun) -> Double { Double(bitPattern: try u64()) }

    mutating func string() throws(Overrun) -> String {
        let count = Int(try u32())
        let start = try take(count)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self)
    }

    /// A raw-value enumeration; an unknown spelling is damage, like an overrun.
    mutating func value<T: RawRepresentable>(_: T.Type) throws(Overrun) -> T where T.RawValue == String {
        guard let v = T(rawValue: try string()) else { throw Overrun() }
        return v
    }

    mutating func optional<T>(_ read: (inout CatalogIndexReader) throws -> T) throws -> T? {
        switch try u8() {
        case 0: return nil
        case 1: return try read(&self)
        default: throw Overrun()
        }
    }

    mutating func array<T>(_ read: (inout CatalogIndexReader) throws -> T) throws -> [T] {
        let count = Int(try u32())
        // Each element takes at least one byte: a count beyond the bytes left is damage, not a reservation.
        guard count <= bytes.count - offset else { throw Overrun() }
        var out: [T] = []
        out.reserveCapacity(count)
        for _ in 0..<count { out.append(try read(&self)) }
        return out
    }
}
