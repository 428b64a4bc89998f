import Foundation

extension SRFFile {
    /// Room for the optional MTC name and anything a later writer appends after the strips.
    static let maxTailBytes = 1 << 20

    /// The largest size the fixed header justifies. Neighbour lists hold twice the edge count, at most
    /// six entries per triangle, and strips at most four indices per triangle, so both follow the counts.
    public static let maxFileSize: SizeLimit = { head, file in
        try head.withUnsafeBytes { raw in
            var r = ByteReader(raw, file: file)
            let counts = try readCounts(&r)
            let fixed = 60 + 28 * counts.vertices + 12 * counts.triangles + 4
            return fixed + 4 * counts.vertices + 24 * counts.triangles + 16 * counts.triangles + maxTailBytes
        }
    }
}
