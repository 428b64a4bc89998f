import Foundation

/// `convert x.nii.gz out.vmr|out.v16`: a NIfTI volume placed in the canonical 256³ 1 mm BV frame.
public enum NIfTIToVMR {
    /// Grey range: the 0.5 and 99.5 percentiles (linear interpolation, as numpy) of the non-zero values.
    public static func greyRange(_ values: [Float]) -> (low: Float, high: Float) {
        let select = OrderStatistics(values)
        guard select.count > 0 else { return (0, 0) }
        func percentile(_ q: Double) -> Float {
            let pos = q / 100 * Double(select.count - 1)
            let lo = Int(pos.rounded(.down)), hi = min(lo + 1, select.count - 1)
            let a = select.value(rank: lo), b = select.value(rank: hi)
            return a + (b - a) * Float(pos - Double(lo))
        }
        return (percentile(0.5), percentile(99.5))
    }

    /// Exact order statistics of the non-zero finite values by two-level radix selection on the
    /// order-preserving bit pattern of each float: O(n) per query instead of sorting millions of values.
    struct OrderStatistics {
        let values: [Float]
        let count: Int
        let high: [Int]  // histogram of the top 16 key bits

        init(_ values: [Float]) {
            self.values = values
            var high = [Int](repeating: 0, count: 65536)
            var count = 0
            for v in values where v != 0 && v.isFinite {
                high[Int(Self.key(v) >> 16)] += 1
                count += 1
            }
            self.high = high
            self.count = count
        }

        @inline(__always)
        static func key(_ v: Float) -> UInt32 {
            let b = v.bitPattern
            return b & 0x8000_0000 != 0 ? ~b : b | 0x8000_0000
        }

        /// The value of 0-based rank `rank` among the non-zero finite values.
        func value(rank: Int) -> Float {
            var left = rank, bucket = 0
            while left >= high[bucket] { left -= high[bucket]; bucket += 1 }
            var low = [Int](repeating: 0, count: 65536)
            for v in values where v != 0 && v.isFinite {
                let k = Self.key(v)
                if Int(k >> 16) == bucket { low[Int(k & 0xFFFF)] += 1 }
            }
            var sub = 0
            while left >= low[sub] { left -= low[sub]; sub += 1 }
            let k = UInt32(bucket) << 16 | UInt32(sub)
            return Float(bitPattern: k & 0x8000_0000 != 0 ? k & 0x7FFF_FFFF : ~k)
        }
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
        let values = try canonicalValues(image, nearest: labels, top: 225, name: name,
                                         target: "VMR (8-bit, 226–255 reserved by BrainVoyager; use .v16)")
        return try VMRFile(canonical: referenceSpace(of: image), voxels: Data(values.map { UInt8($0) }))
    }

    /// The V16: labels kept up to 65535; grey values kept when they are whole numbers in 0…65535,
    /// otherwise the same percentile range mapped onto 0…4095 (a 12-bit scanner range).
    public static func v16(from image: NIfTIFile, labels: Bool, name: String) throws -> V16File {
        let nearest = labels || (image.datatype.isInteger && image.sclSlope == 1 && image.sclInter == 0)
        let words = try canonicalValues(image, nearest: nearest, top: nearest ? 65535 : 4095, name: name, target: "V16")
            .map { UInt16($0) }
        let data = words.withUnsafeBufferPointer { buf in
            Data(buffer: UnsafeBufferPointer(start: buf.baseAddress, count: buf.count))
        }
        // V16 data is little-endian; this engine only runs on little-endian hosts (x86-64, arm64).
        return try V16File(dims: SIMD3(repeating: CanonicalFrame.size), voxels: data)
    }

    /// Scaled values of the first 3-D volume (4-D files: later volumes do not set the grey range).
    static func firstVolume(_ image: NIfTIFile) -> [Float] {
        let all = image.floatValues()
        return all.count == image.volumeVoxelCount ? all : Array(all.prefix(image.volumeVoxelCount))
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

    /// The image in the canonical frame: by nearest voxel (labels, checked to lie in 0…`top`), or
    /// trilinearly with grey values mapped from the 0.5–99.5 percentile range onto 0…`top`.
    private static func canonicalValues(_ image: NIfTIFile, nearest: Bool, top: Int, name: String,
                                        target: String) throws -> [Int32] {
        if nearest {
            let values = try NIfTIResampling.sampleNearest(image, file: name)
            try checkLabels(values, top: Int32(top), name: name, target: target)
            return values
        }
        let range = greyRange(firstVolume(image))
        return try NIfTIResampling.sampleLinear(image).map { Int32(mapGrey($0, range: range, top: Float(top))) }
    }
}
