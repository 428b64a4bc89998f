import Foundation

/// How far a compressed file may inflate, judged from its first decompressed bytes (a header read, as
/// ITK's ReadImageInformation does). It throws when those bytes cannot start a file of the format, so
/// garbage is refused after inflating only `FileSource.headerBytes`, and otherwise returns the largest
/// size the header justifies, at which inflating stops.
public typealias SizeLimit = @Sendable (_ head: Data, _ file: String) throws -> Int

/// Size limits for formats whose header has no size fields.
public enum TextSizeLimit {
    /// Text formats (VOI, POI, FreeSurfer labels and colour tables) say nothing about their size up
    /// front; the largest real ones (a whole-brain VOI) are tens of megabytes.
    public static let maxBytes = 256 << 20

    /// Text has no NUL bytes: a stream that starts with one is refused before inflating further.
    public static let check: SizeLimit = { head, file in
        if let nul = head.firstIndex(of: 0) {
            throw FormatError(file: file, field: "text", message: "not a text file (NUL byte at offset \(nul - head.startIndex))")
        }
        return maxBytes
    }
}
