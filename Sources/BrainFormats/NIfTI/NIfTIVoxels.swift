import Foundation

/// Bulk voxel access: one type switch per call, then a tight loop (no per-voxel dispatch).
extension NIfTIFile {
    /// All stored voxels as scaled values (`raw · scl_slope + scl_inter`), i fastest.
    public func floatValues() -> [Float] { floatValues(voxels: 0 ..< voxelCount) }

    /// The scaled values of 3-D volume `volume` (0-based) alone.
    public func floatValues(volume: Int) -> [Float] {
        let per = volumeVoxelCount
        return floatValues(voxels: (volume * per) ..< ((volume + 1) * per))
    }

    /// Scaled values of a run of stored voxels, converted straight to `Float`: no wider working copy of
    /// the image is made (a 1 GB uint8 volume needs its 4 GB of floats, not 8 GB of doubles on the way).
    func floatValues(voxels range: Range<Int>) -> [Float] {
        let slope = sclSlope, inter = sclInter
        let identity = slope == 1 && inter == 0
        let swap = isBigEndian != (UInt16(1).bigEndian == 1)
        return [Float](unsafeUninitializedCapacity: range.count) { dst, initialized in
            rawBytes.withUnsafeBytes { raw in
                func fill<T>(_: T.Type, _ convert: (T) -> Double) {
                    let size = MemoryLayout<T>.size
                    for (out, v) in range.enumerated() {
                        let d = convert(raw.loadUnaligned(fromByteOffset: v * size, as: T.self))
                        dst[out] = Float(identity ? d : d * slope + inter)
                    }
                }
                switch datatype {
                case .uint8: fill(UInt8.self) { Double($0) }
                case .int8: fill(Int8.self) { Double($0) }
                case .int16: fill(Int16.self) { Double(swap ? $0.byteSwapped : $0) }
                case .uint16: fill(UInt16.self) { Double(swap ? $0.byteSwapped : $0) }
                case .int32: fill(Int32.self) { Double(swap ? $0.byteSwapped : $0) }
                case .uint32: fill(UInt32.self) { Double(swap ? $0.byteSwapped : $0) }
                case .float32: fill(UInt32.self) { Double(Float(bitPattern: swap ? $0.byteSwapped : $0)) }
                case .float64: fill(UInt64.self) { Double(bitPattern: swap ? $0.byteSwapped : $0) }
                }
            }
            initialized = range.count
        }
    }

    /// All stored voxels as integers (label volumes). When the header scales the data (`scl_slope` ≠ 1 or
    /// `scl_inter` ≠ 0, slope ≠ 0) the scaled values are used and must be whole numbers (within float32
    /// rounding of the slope); unscaled float data must hold exact whole numbers. Values must fit in Int32;
    /// anything else is an error naming the first offending voxel.
    public func integerValues(file: String? = nil) throws -> [Int32] {
        let scaled = sclSlope != 1 || sclInter != 0
        if scaled || !datatype.isInteger || datatype == .uint32 {
            let values = rawDoubleValues()
            var out = [Int32](repeating: 0, count: values.count)
            let slope = sclSlope, inter = sclInter
            for (v, stored) in values.enumerated() {
                let x = scaled ? stored * slope + inter : stored
                let whole = x.rounded()
                // A float32 slope such as 0.1 makes 10 × 0.1 land next to 1, not on it.
                let tolerance = scaled ? 1e-6 * max(1, abs(x)) : 0
                guard x.isFinite, abs(x - whole) <= tolerance, abs(whole) <= Double(Int32.max) else {
                    let what = scaled ? "scaled value \(x) (stored \(stored) × scl_slope \(slope) + scl_inter \(inter))" : "value \(x)"
                    throw FormatError(file: file ?? fileName, field: "voxel \(v)", message: "\(what) is not a whole Int32 label")
                }
                out[v] = Int32(whole)
            }
            return out
        }
        let n = voxelCount
        var out = [Int32](repeating: 0, count: n)
        let swap = isBigEndian != (UInt16(1).bigEndian == 1)
        rawBytes.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { dst in
                switch datatype {
                case .uint8: for v in 0 ..< n { dst[v] = Int32(raw[v]) }
                case .int8: for v in 0 ..< n { dst[v] = Int32(Int8(bitPattern: raw[v])) }
                case .int16, .uint16:
                    let signed = datatype == .int16
                    for v in 0 ..< n {
                        let stored = raw.loadUnaligned(fromByteOffset: 2 * v, as: UInt16.self)
                        let w = swap ? stored.byteSwapped : stored
                        dst[v] = signed ? Int32(Int16(bitPattern: w)) : Int32(w)
                    }
                case .int32:
                    for v in 0 ..< n {
                        let stored = raw.loadUnaligned(fromByteOffset: 4 * v, as: Int32.self)
                        dst[v] = swap ? stored.byteSwapped : stored
                    }
                default: break  // uint32 and floats take the checked path above
                }
            }
        }
        return out
    }

    /// Unscaled values as Double (exact for every supported type).
    func rawDoubleValues() -> [Double] {
        let n = voxelCount
        var out = [Double](repeating: 0, count: n)
        rawBytes.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { dst in
                func fill<T>(_: T.Type, _ convert: (T) -> Double) {
                    for v in 0 ..< n {
                        dst[v] = convert(raw.loadUnaligned(fromByteOffset: v * MemoryLayout<T>.size, as: T.self))
                    }
                }
                let swap = isBigEndian != (UInt16(1).bigEndian == 1)
                switch datatype {
                case .uint8: fill(UInt8.self) { Double($0) }
                case .int8: fill(Int8.self) { Double($0) }
                case .int16: fill(Int16.self) { Double(swap ? $0.byteSwapped : $0) }
                case .uint16: fill(UInt16.self) { Double(swap ? $0.byteSwapped : $0) }
                case .int32: fill(Int32.self) { Double(swap ? $0.byteSwapped : $0) }
                case .uint32: fill(UInt32.self) { Double(swap ? $0.byteSwapped : $0) }
                case .float32: fill(UInt32.self) { Double(Float(bitPattern: swap ? $0.byteSwapped : $0)) }
                case .float64: fill(UInt64.self) { Double(bitPattern: swap ? $0.byteSwapped : $0) }
                }
            }
        }
        return out
    }

    /// Scaled value of voxel (i, j, k) of the first volume; for single look-ups, not loops.
    public func value(_ i: Int, _ j: Int, _ k: Int) -> Float {
        Float(rawValue(index(i, j, k)) * sclSlope + sclInter)
    }

    /// Unscaled stored value of voxel (i, j, k) of the first volume.
    public func rawValue(_ i: Int, _ j: Int, _ k: Int) -> Double { rawValue(index(i, j, k)) }

    func rawValue(_ v: Int) -> Double {
        let swap = isBigEndian != (UInt16(1).bigEndian == 1)
        return rawBytes.withUnsafeBytes { raw -> Double in
            let o = v * datatype.bytesPerVoxel
            switch datatype {
            case .uint8: return Double(raw[o])
            case .int8: return Double(Int8(bitPattern: raw[o]))
            case .int16: let x = raw.loadUnaligned(fromByteOffset: o, as: Int16.self); return Double(swap ? x.byteSwapped : x)
            case .uint16: let x = raw.loadUnaligned(fromByteOffset: o, as: UInt16.self); return Double(swap ? x.byteSwapped : x)
            case .int32: let x = raw.loadUnaligned(fromByteOffset: o, as: Int32.self); return Double(swap ? x.byteSwapped : x)
            case .uint32: let x = raw.loadUnaligned(fromByteOffset: o, as: UInt32.self); return Double(swap ? x.byteSwapped : x)
            case .float32: let x = raw.loadUnaligned(fromByteOffset: o, as: UInt32.self); return Double(Float(bitPattern: swap ? x.byteSwapped : x))
            case .float64: let x = raw.loadUnaligned(fromByteOffset: o, as: UInt64.self); return Double(bitPattern: swap ? x.byteSwapped : x)
            }
        }
    }
}
