import Foundation

/// One map's values: little-endian f32s kept in the file's own bytes (a mapped file is not copied).
public struct MapValues: Sendable, Hashable {
    /// The stored bytes, 4 per value.
    public let bytes: Data

    /// Values viewed in `bytes`, which must hold a multiple of 4 bytes.
    init(bytes: Data) {
        precondition(bytes.count % 4 == 0, "map values are 4-byte floats")
        self.bytes = bytes
    }

    /// Values to store.
    public init(_ values: [Float]) {
        var w = ByteWriter(capacity: values.count * 4)
        w.f32s(count: values.count) { values[$0] }
        bytes = w.asData
    }

    public var count: Int { bytes.count / 4 }

    public subscript(index: Int) -> Float {
        bytes.withUnsafeBytes { raw in
            Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)))
        }
    }

    /// All values as an array (one copy).
    public var floats: [Float] {
        bytes.withUnsafeBytes { raw in
            [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count {
                    buffer[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
                }
                initialized = count
            }
        }
    }

    /// Smallest and largest finite value, and how many values are non-zero and finite (nil range when none is finite).
    public var statistics: MapStatistics {
        bytes.withUnsafeBytes { raw in
            var low = Float.infinity, high = -Float.infinity
            var nonZero = 0
            for i in 0..<count {
                let v = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
                guard v.isFinite else { continue }
                low = min(low, v)
                high = max(high, v)
                if v != 0 { nonZero += 1 }
            }
            return MapStatistics(range: low <= high ? low...high : nil, nonZero: nonZero)
        }
    }
}

/// What `inspect` reports about a map's values.
public struct MapStatistics: Sendable, Equatable {
    /// Smallest and largest finite value; nil when no value is finite.
    public var range: ClosedRange<Float>?
    /// Finite non-zero values (the map's extent).
    public var nonZero: Int

    /// The `inspect --json` members.
    var json: [(String, JSONValue)] {
        [("min", range.map { .float($0.lowerBound) } ?? .null),
         ("max", range.map { .float($0.upperBound) } ?? .null),
         ("nonZero", .int(nonZero))]
    }

    /// The `inspect` text.
    var text: String {
        guard let range else { return "no finite values" }
        return "values \(range.lowerBound)…\(range.upperBound), \(nonZero) non-zero"
    }
}
