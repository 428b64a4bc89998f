import Foundation

/// The sizes FreeSurfer's binary headers justify, read from a compressed file's first bytes.
public enum FreeSurferSizeLimits {
    /// Room after the counted data: a surface's tags, an annotation's colour table (a few kilobytes in
    /// real files).
    static let maxTailBytes = 4 << 20

    /// Magic FF FF FE, the two-line "created by" comment, vertex and triangle counts.
    public static let surface: SizeLimit = { head, file in
        var c = ImportByteCursor([UInt8](head), file: file, bigEndian: true)
        let magic = try c.take(3, "magic")
        guard magic.elementsEqual([0xFF, 0xFF, 0xFE]) else {
            throw c.fail("magic", "expected FF FF FE (FreeSurfer triangle surface), found \(hex(magic))")
        }
        _ = try c.line("created-by line")
        _ = try c.line("created-by line")
        let vertices = try c.count("vertex count", atMost: Int(Int32.max))
        let triangles = try c.count("triangle count", atMost: Int(Int32.max))
        return c.offset + 12 * vertices + 12 * triangles + maxTailBytes
    }

    /// The vertex count, then a (vertex, value) pair per vertex and the colour table.
    public static let annotation: SizeLimit = { head, file in
        var c = ImportByteCursor([UInt8](head), file: file, bigEndian: true)
        return 4 + 8 * (try c.count("vertex count", atMost: Int(Int32.max))) + maxTailBytes
    }

    /// Magic FF FF FF, vertex and face counts, values per vertex, then one f32 per vertex.
    public static let curvature: SizeLimit = { head, file in
        var c = ImportByteCursor([UInt8](head), file: file, bigEndian: true)
        let magic = try c.take(3, "magic")
        guard magic.elementsEqual([0xFF, 0xFF, 0xFF]) else {
            throw c.fail("magic", "expected FF FF FF (FreeSurfer curvature, new format), found \(hex(magic))")
        }
        let vertices = try c.count("vertex count", atMost: Int(Int32.max))
        return 15 + 4 * vertices + maxTailBytes
    }

    static func hex(_ bytes: some Collection<UInt8>) -> String {
        bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
    }
}
