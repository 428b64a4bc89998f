import Foundation

/// What a VMR's or V16's fixed header alone says about the file (a header read, as ITK's
/// ReadImageInformation does): enough to refuse a file that decompresses to more than it should.
public enum VMRHeader {
    /// Room allowed after the voxels of a v2+ VMR for the post-header (positions, transformations, …);
    /// real files use a few hundred bytes per transformation.
    public static let maxPostHeaderBytes = 1 << 20

    /// The largest dimension a compressed VMR or V16 header may claim (a 0.125 mm cube of 256 mm).
    /// Random bytes almost never pass it, so a garbage header is refused before inflating.
    public static let maxDimension = 2048

    /// The largest size a VMR whose file starts with `head` can have: a v1 file is exactly 6 bytes plus
    /// its voxels; a file with a version word 8 bytes, its voxels and a bounded post-header.
    public static let maxFileSize: SizeLimit = { head, file in
        let w = try words(head, 4, file: file, kind: "VMR")
        // A v1 file whose DimX is 1…4 reads like a version word too: the larger size that a
        // plausible reading gives is the limit.
        let v1 = Result { 6 + (try checkedDims(Array(w[0...2]), file: file)).reduce(1, *) }
        guard (1...4).contains(w[0]) else {
            do { return try v1.get() } catch let error as FormatError {
                throw FormatError(file: file, field: "FileVersion", message: "version \(w[0]) is not a known VMR version (1–4), "
                                      + "and as a version-1 header \(error.field) \(error.message)")
            }
        }
        let versioned = Result { 8 + (try checkedDims(Array(w[1...3]), file: file)).reduce(1, *) + maxPostHeaderBytes }
        if let v1 = try? v1.get() { return max(v1, (try? versioned.get()) ?? 0) }
        return try versioned.get()
    }

    /// The exact size of a V16 file: 6 header bytes and two bytes per voxel.
    public static let v16FileSize: SizeLimit = { head, file in
        6 + 2 * (try checkedDims(try words(head, 3, file: file, kind: "V16"), file: file)).reduce(1, *)
    }

    private static func checkedDims(_ dims: [Int], file: String) throws -> [Int] {
        for (axis, value) in zip(["DimX", "DimY", "DimZ"], dims) where !(1...maxDimension).contains(value) {
            throw FormatError(file: file, field: axis, message: "\(value) is not 1…\(maxDimension)")
        }
        return dims
    }

    /// The first `count` little-endian u16 words.
    private static func words(_ head: Data, _ count: Int, file: String, kind: String) throws -> [Int] {
        guard head.count >= 2 * count else {
            throw FormatError(file: file, field: "header", message: "\(head.count) bytes, too short for a \(kind) header")
        }
        return head.withUnsafeBytes { raw in
            (0..<count).map { Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self))) }
        }
    }
}
