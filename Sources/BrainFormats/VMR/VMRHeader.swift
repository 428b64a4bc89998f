import Foundation

/// What a VMR's or V16's fixed header alone says about the file (a header read, as ITK's
/// ReadImageInformation does): enough to refuse a file that decompresses to more than it should.
public enum VMRHeader {
    /// Room allowed after the voxels of a v2+ VMR for the post-header (positions, transformations, …);
    /// real files use a few hundred bytes per transformation.
    public static let maxPostHeaderBytes = 1 << 20

    /// The largest size a VMR whose file starts with `head` can have: a v1 file is exactly 6 bytes plus
    /// its voxels; a file with a version word 8 bytes, its voxels and a bounded post-header. Nil when `head` is too short.
    public static func maxFileSize(head: Data) -> Int? {
        guard let w = words(head, 4) else { return nil }
        let v1 = 6 + w[0] * w[1] * w[2]
        guard (1...4).contains(w[0]) else { return v1 }
        return max(v1, 8 + w[1] * w[2] * w[3] + maxPostHeaderBytes)
    }

    /// The exact size of a V16 file: 6 header bytes and two bytes per voxel.
    public static func v16FileSize(head: Data) -> Int? {
        words(head, 3).map { 6 + 2 * $0[0] * $0[1] * $0[2] }
    }

    /// The first `count` little-endian u16 words.
    private static func words(_ head: Data, _ count: Int) -> [Int]? {
        guard head.count >= 2 * count else { return nil }
        return head.withUnsafeBytes { raw in
            (0..<count).map { Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self))) }
        }
    }
}
