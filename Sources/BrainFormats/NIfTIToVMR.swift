import Foundation

/// `convert x.nii.gz out.vmr|out.v16`: a NIfTI volume placed in the canonical 256³ 1 mm BV frame.
public enum NIfTIToVMR {
    /// Grey range: the 0.5 and 99.5 percentiles (linear interpolation, as numpy) of the non-zero values.
    public static func greyRange(_ values: [Float]) -> (low: Float, high: Float) {
        var nonZero = values.filter { $0 != 0 && $0.isFinite }
        guard !nonZero.isEmpty else { return (0, 0) }
        nonZero.sort()
        func percentile(_ q: Double) -> Float {
            let pos = q / 100 * Double(nonZero.count - 1)
            let lo = Int(pos.rounded(.down)), hi = min(lo + 1, nonZero.count - 1)
            let f = Float(pos - Double(lo))
            return nonZero[lo] + (nonZero[hi] - nonZero[lo]) * f
        }
        return (percentile(0.5), percentile(99.5))
    }

    /// Maps `value` linearly from `range` onto 0…`top`, rounded (halves away from zero) and clamped.
    @inline(__always)
    public static func mapGrey(_ value: Float, range: (low: Float, high: Float), top: Float) -> Float {
        let span = range.high - range.low
        guard span > 0 else { return value > range.low ? top : 0 }
        let v = ((value - range.low) / span * top).rounded(.toNearestOrAwayFromZero)
        return min(max(v, 0), top)
    }

    /// The VMR: grey values mapped onto 0–225 (BV reserves 226–255), or with `labels` the integer
    /// labels by nearest voxel (an error if any exceeds 225 or is negative).
    public static func vmr(from image: NIfTIFile, labels: Bool, name: String) throws -> VMRFile {
        var bytes = [UInt8](repeating: 0, count: NIfTICanonicalFrame.edge * NIfTICanonicalFrame.edge * NIfTICanonicalFrame.edge)
        if labels {
            let values = try NIfTICanonicalFrame.sampleNearest(image, file: name)
            try checkLabels(values, top: 225, name: name, target: "VMR (8-bit, 226–255 reserved by BrainVoyager; use .v16)")
            values.withUnsafeBufferPointer { src in
                bytes.withUnsafeMutableBufferPointer { dst in for k in 0 ..< src.count { dst[k] = UInt8(src[k]) } }
            }
        } else {
            let range = greyRange(image.floatValues())
            let values = try NIfTICanonicalFrame.sampleLinear(image)
            values.withUnsafeBufferPointer { src in
                bytes.withUnsafeMutableBufferPointer { dst in
                    for k in 0 ..< src.count { dst[k] = UInt8(mapGrey(src[k], range: range, top: 225)) }
                }
            }
        }
        return try VMRFile(canonical: referenceSpace(of: image), voxels: Data(bytes))
    }

    /// The V16: labels kept up to 65535; grey values kept when they are whole numbers in 0…65535,
    /// otherwise the same percentile range mapped onto 0…4095 (a 12-bit scanner range).
    public static func v16(from image: NIfTIFile, labels: Bool, name: String) throws -> V16File {
        let n = NIfTICanonicalFrame.edge * NIfTICanonicalFrame.edge * NIfTICanonicalFrame.edge
        var words = [UInt16](repeating: 0, count: n)
        if labels || (image.datatype.isInteger && image.sclSlope == 1 && image.sclInter == 0) {
            let values = try NIfTICanonicalFrame.sampleNearest(image, file: name)
            try checkLabels(values, top: 65535, name: name, target: "V16")
            values.withUnsafeBufferPointer { src in
                words.withUnsafeMutableBufferPointer { dst in for k in 0 ..< src.count { dst[k] = UInt16(src[k]) } }
            }
        } else {
            let range = greyRange(image.floatValues())
            let values = try NIfTICanonicalFrame.sampleLinear(image)
            values.withUnsafeBufferPointer { src in
                words.withUnsafeMutableBufferPointer { dst in
                    for k in 0 ..< src.count { dst[k] = UInt16(mapGrey(src[k], range: range, top: 4095)) }
                }
            }
        }
        let data = words.withUnsafeBufferPointer { buf in
            Data(buffer: UnsafeBufferPointer(start: buf.baseAddress, count: buf.count))
        }
        // V16 data is little-endian; this engine only runs on little-endian hosts (x86-64, arm64).
        return try V16File(dims: [256, 256, 256], voxels: data)
    }

    static func checkLabels(_ values: [Int32], top: Int32, name: String, target: String) throws {
        var lo: Int32 = 0, hi: Int32 = 0
        values.withUnsafeBufferPointer { buf in for v in buf { lo = min(lo, v); hi = max(hi, v) } }
        if hi > top || lo < 0 {
            throw FormatError(file: name, field: "voxel values",
                              message: "labels range \(lo)…\(hi), but \(target) holds 0…\(top)")
        }
    }

    /// MNI for sform/qform code 4, Talairach for 3, native for scanner (1), otherwise unknown.
    static func referenceSpace(of image: NIfTIFile) -> ReferenceSpace {
        let code = image.affineSource == .sform ? image.sformCode : image.affineSource == .qform ? image.qformCode : 0
        switch code {
        case 4: return .mni
        case 3: return .talairach
        case 1: return .native
        default: return .unknown
        }
    }
}
