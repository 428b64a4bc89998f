import Foundation

/// What an NR-VMP's fixed header alone says about the file's size (a header read before inflating).
public enum VMPHeader {
    /// Room allowed per map for its header (two names, a LUT name and an FDR table).
    static let maxMapHeaderBytes = 256 * 1024
    /// Room allowed for the fixed header and the three file names.
    static let maxFileHeaderBytes = 256 * 1024

    /// The largest size an NR-VMP starting with `head` can have: map headers, time courses and values
    /// for the declared maps and box. Nil when `head` is too short or not an NR-VMP.
    public static func largestSize(head: Data) -> Int? {
        guard head.count >= 64 else { return nil }
        let word: (Int) -> Int32 = { offset in
            head.withUnsafeBytes { Int32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Int32.self)) }
        }
        guard word(0) == VMPFile.magic else { return nil }
        let maps = Double(max(0, word(8))), points = Double(max(0, word(12))), params = Double(max(0, word(16)))
        let resolution = Double(max(1, word(60)))
        let voxels = (0..<3).reduce(1.0) { total, axis in
            total * max(0, Double(word(36 + 8 * axis + 4)) - Double(word(36 + 8 * axis))) / resolution
        }
        let size = Double(maxFileHeaderBytes) + maps * (4 * voxels + 4 * points + Double(maxMapHeaderBytes))
            + params * (65_537 + 4 * maps)
        return size >= Double(Int.max / 2) ? Int.max / 2 : Int(size)
    }
}

extension VMPHeader {
    /// The size limit `FileSource` checks before inflating further: what the header justifies.
    public static let maxFileSize: SizeLimit = { head, file in
        guard let size = largestSize(head: head) else {
            throw FormatError(file: file, field: "header", message: "is not an NR-VMP (magic 0xA1B2C3D4 and a 64-byte header)")
        }
        return size
    }
}
