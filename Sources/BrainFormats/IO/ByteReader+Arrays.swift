extension ByteReader {
    /// `count` little-endian values copied in one block (the hot path for mesh arrays).
    @inline(__always)
    mutating func block<T: FixedWidthInteger>(_ type: T.Type, count: Int, field: String) throws -> [T] {
        guard count >= 0 else { throw error(field, "negative count \(count)") }
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.size)
        guard !overflow else { throw error(field, "count \(count) overflows") }
        try require(byteCount, for: field)
        let start = offset
        let source = bytes
        var out = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            if byteCount > 0 {
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + byteCount)]))
            }
            initialized = count
        }
        #if _endian(big)
        for i in out.indices { out[i] = T(littleEndian: out[i]) }
        #endif
        try skip(byteCount, field: field)
        return out
    }

    public mutating func i32Array(_ count: Int, field: String) throws -> [Int32] {
        try block(Int32.self, count: count, field: field)
    }

    public mutating func u32Array(_ count: Int, field: String) throws -> [UInt32] {
        try block(UInt32.self, count: count, field: field)
    }

    /// Three planar f32 arrays (all X, then all Y, then all Z) gathered into points.
    public mutating func planarPoints(_ count: Int, field: String) throws -> [SIMD3<Float>] {
        guard count >= 0 else { throw error(field, "negative count \(count)") }
        try require(count * 12, for: field)
        let base = offset
        let source = bytes
        let points = [SIMD3<Float>](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count {
                let x = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: base + 4 * i, as: UInt32.self))
                let y = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: base + 4 * (count + i), as: UInt32.self))
                let z = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: base + 4 * (2 * count + i), as: UInt32.self))
                (buffer.baseAddress! + i).initialize(to: SIMD3(Float(bitPattern: x), Float(bitPattern: y), Float(bitPattern: z)))
            }
            initialized = count
        }
        try skip(count * 12, field: field)
        return points
    }
}
