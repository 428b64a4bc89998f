import Foundation

extension NIfTIFile {
    /// NIfTI-1 `intent_code`s for the statistics a map may hold (the standard's values).
    public enum StatisticIntent: Sendable, Equatable {
        case none
        case correlation(df: Float)
        case t(df: Float)
        case f(df1: Float, df2: Float)
        case z

        var code: Int16 {
            switch self { case .none: 0; case .correlation: 2; case .t: 3; case .f: 4; case .z: 5 }
        }

        var parameters: (Float, Float) {
            switch self {
            case .correlation(let df), .t(let df): (df, 0)
            case .f(let a, let b): (a, b)
            case .none, .z: (0, 0)
            }
        }
    }

    /// A little-endian float32 single-file image of `dims` (3 axes, or 4 with volumes), values i fastest,
    /// with `affine` (row-major voxel → RAS mm) stored as the sform under `sformCode` (3 Talairach, 4 MNI).
    public init(float32 values: [Float], dims: [Int], affine: [[Double]], sformCode: Int16,
                intent: StatisticIntent = .none, description: String = "", name: String) throws {
        var w = ByteWriter(capacity: 4 * values.count)
        w.f32s(count: values.count) { values[$0] }
        try self.init(raw: w.data, datatype: .float32, dims: dims, affine: affine, sformCode: sformCode, intent: intent,
                      description: description, name: name)
    }

    /// A little-endian image of `dims` holding `raw` voxel bytes of `datatype` (i fastest).
    public init(raw: [UInt8], datatype: NIfTIDataType, dims: [Int], affine: [[Double]], sformCode: Int16,
                intent: StatisticIntent = .none, description: String = "", name: String) throws {
        precondition(dims.count == 3 || dims.count == 4, "NIfTI images built here have 3 or 4 axes")
        for (n, d) in dims.enumerated() where !(1...Int(Int16.max)).contains(d) {
            throw FormatError(file: name, field: "dim[\(n + 1)]", message: "\(d) does not fit a NIfTI-1 dimension (1…32767)")
        }
        var w = ByteWriter(capacity: 352 + raw.count)
        w.i32(348)
        w.bytes(repeatElement(0, count: 34))  // data_type, db_name, extents, session_error
        w.u8(UInt8(ascii: "r"))               // regular
        w.u8(0)                               // dim_info
        w.i16(Int16(dims.count))
        for n in 0..<7 { w.i16(n < dims.count ? Int16(dims[n]) : 1) }
        let (p1, p2) = intent.parameters
        w.f32(p1); w.f32(p2); w.f32(0)
        w.i16(intent.code)
        w.i16(datatype.rawValue)
        w.i16(Int16(8 * datatype.bytesPerVoxel))  // bitpix
        w.i16(0)                              // slice_start
        let size = (0..<3).map { axis in (0..<3).reduce(0.0) { $0 + affine[$1][axis] * affine[$1][axis] }.squareRoot() }
        w.f32(1)                              // pixdim[0] = qfac
        for n in 0..<7 { w.f32(n < 3 ? Float(size[n]) : n == 3 && dims.count == 4 ? 1 : 0) }
        w.f32(352)                            // vox_offset
        w.f32(1); w.f32(0)                    // scl_slope, scl_inter
        w.i16(0); w.u8(0)                     // slice_end, slice_code
        w.u8(2)                               // xyzt_units: mm
        w.bytes(repeatElement(0, count: 24))  // cal_max, cal_min, slice_duration, toffset, glmax, glmin
        w.bytes(Self.padded(description, to: 80))
        w.bytes(repeatElement(0, count: 24))  // aux_file
        w.i16(0)                              // qform_code
        w.i16(sformCode)
        w.bytes(repeatElement(0, count: 24))  // quatern_b…qoffset_z
        for row in affine.prefix(3) { for v in row { w.f32(Float(v)) } }
        w.bytes(repeatElement(0, count: 16))  // intent_name
        w.bytes(Array("n+1\0".utf8))
        w.bytes(repeatElement(0, count: 4))   // no extensions
        w.bytes(raw)
        try self.init(bytes: w.data, name: name)
    }

    private static func padded(_ text: String, to length: Int) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(length - 1))
        return bytes + Array(repeating: 0, count: length - bytes.count)
    }

    /// The header's `intent_code` (0 when none) and its first two parameters (degrees of freedom for t, F, r).
    public var intent: (code: Int, p1: Float, p2: Float) {
        headerBytes.withUnsafeBytes { raw in
            func word(_ offset: Int) -> UInt32 {
                let v = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                return isBigEndian ? UInt32(bigEndian: v) : UInt32(littleEndian: v)
            }
            let code = raw.loadUnaligned(fromByteOffset: 68, as: Int16.self)
            return (Int(isBigEndian ? Int16(bigEndian: code) : Int16(littleEndian: code)),
                    Float(bitPattern: word(56)), Float(bitPattern: word(60)))
        }
    }
}
