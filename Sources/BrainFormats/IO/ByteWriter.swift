import Foundation

/// Appends little/big-endian values to a growing byte buffer (the writer side of `ByteReader`).
public struct ByteWriter: Sendable {
    public private(set) var data: [UInt8]

    public init(capacity: Int = 0) {
        data = []
        data.reserveCapacity(capacity)
    }

    public var count: Int { data.count }

    @inline(__always)
    mutating func append<T: FixedWidthInteger>(raw value: T) {
        withUnsafeBytes(of: value) { data.append(contentsOf: $0) }
    }

    public mutating func u8(_ v: UInt8) { data.append(v) }
    public mutating func u16(_ v: UInt16) { append(raw: v.littleEndian) }
    public mutating func i16(_ v: Int16) { append(raw: v.littleEndian) }
    public mutating func u32(_ v: UInt32) { append(raw: v.littleEndian) }
    public mutating func i32(_ v: Int32) { append(raw: v.littleEndian) }
    public mutating func f32(_ v: Float) { u32(v.bitPattern) }
    public mutating func f64(_ v: Double) { append(raw: v.bitPattern.littleEndian) }
    public mutating func u16BE(_ v: UInt16) { append(raw: v.bigEndian) }
    public mutating func i16BE(_ v: Int16) { append(raw: v.bigEndian) }
    public mutating func u32BE(_ v: UInt32) { append(raw: v.bigEndian) }
    public mutating func i32BE(_ v: Int32) { append(raw: v.bigEndian) }
    public mutating func f32BE(_ v: Float) { u32BE(v.bitPattern) }
    public mutating func f64BE(_ v: Double) { append(raw: v.bitPattern.bigEndian) }

    public mutating func bytes<C: Collection>(_ bytes: C) where C.Element == UInt8 { data.append(contentsOf: bytes) }

    /// Bytes of `string` followed by one NUL.
    public mutating func cString(_ string: RawString) {
        data.append(contentsOf: string.bytes)
        data.append(0)
    }

    /// Appends `count` little-endian f32 values read through `value(i)`, reserving once.
    public mutating func f32s(count: Int, _ value: (Int) -> Float) {
        let start = data.count
        data.append(contentsOf: repeatElement(0, count: count * 4))
        data.withUnsafeMutableBytes { raw in
            for i in 0..<count {
                raw.storeBytes(of: value(i).bitPattern.littleEndian, toByteOffset: start + 4 * i, as: UInt32.self)
            }
        }
    }

    /// Appends little-endian i32 values.
    public mutating func i32s<C: Collection>(_ values: C) where C.Element == Int32 {
        let start = data.count
        data.append(contentsOf: repeatElement(0, count: values.count * 4))
        data.withUnsafeMutableBytes { raw in
            var at = start
            for v in values {
                raw.storeBytes(of: v.littleEndian, toByteOffset: at, as: Int32.self)
                at += 4
            }
        }
    }

    public var asData: Data { Data(data) }
}
