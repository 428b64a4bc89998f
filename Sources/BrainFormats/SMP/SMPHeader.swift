import Foundation

/// What an SMP's fixed header alone says about the file's size (a header read before inflating).
public enum SMPHeader {
    /// Room allowed per map for its header and names, and for the file name.
    static let maxHeaderBytes = 3 * 65_537 + 128

    /// The largest size an SMP starting with `head` can have: every map's header and values. Nil when `head` is too short.
    public static func largestSize(head: Data) -> Int? {
        guard head.count >= 8 else { return nil }
        return head.withUnsafeBytes { raw in
            let vertices = Int(max(0, Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 2, as: Int32.self))))
            let maps = Int(max(0, Int16(littleEndian: raw.loadUnaligned(fromByteOffset: 6, as: Int16.self))))
            return maxHeaderBytes + maps * (maxHeaderBytes + 4 * vertices)
        }
    }
}

extension SMPHeader {
    /// The size limit `FileSource` checks before inflating further: what the header justifies.
    public static let maxFileSize: SizeLimit = { head, file in
        guard let size = largestSize(head: head) else {
            throw FormatError(file: file, field: "header", message: "is not an SMP header (8 bytes: version, vertices, maps)")
        }
        return size
    }
}
