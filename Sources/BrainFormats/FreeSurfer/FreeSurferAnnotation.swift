import Foundation

/// A FreeSurfer surface annotation (`.annot`): one RGB-encoded label value per vertex plus its colour table.
public struct FreeSurferAnnotation: Sendable {
    /// Per-vertex stored value (r + g·256 + b·65536); 0 for vertices the file does not list.
    public var vertexValues: [Int32]
    /// The colour table in file order (entry `index` = structure number).
    public var entries: [FreeSurferColorEntry]
    /// Original colour table file name stored in the annotation.
    public var colorTableName: String
    /// How the colour table was stored: `nil` (none), 1 (old, positional) or 2 (version 2).
    public var colorTableVersion: Int?
    /// The version-2 header's "max structure index" field, kept for exact rewrites.
    public var colorTableMaxIndex: Int32 = 0

    /// An annotation from per-vertex values and a colour table (written as colour table version 2).
    public init(vertexValues: [Int32], entries: [FreeSurferColorEntry], colorTableName: String = "") {
        self.vertexValues = vertexValues
        self.entries = entries
        self.colorTableName = colorTableName
        colorTableVersion = 2
        colorTableMaxIndex = Int32((entries.map(\.index).max() ?? -1) + 1)
    }

    public var vertexCount: Int { vertexValues.count }

    /// Reads an annotation (gzip accepted).
    public init(contentsOf url: URL) throws {
        try self.init(bytes: [UInt8](try FileSource.read(url, sizeLimit: FreeSurferSizeLimits.annotation)), name: url.lastPathComponent)
    }

    /// Parses annotation bytes; `name` is used in errors.
    public init(bytes: [UInt8], name: String) throws {
        var c = ImportByteCursor(bytes, file: name, bigEndian: true)
        let n = try c.count("vertex count", atMost: max(0, c.remaining - 4) / 8)
        var values = [Int32](repeating: 0, count: n)
        for k in 0 ..< n {
            let vertex = try c.i32("vertex entry \(k)")
            let value = try c.i32("vertex entry \(k)")
            guard vertex >= 0, Int(vertex) < n else {
                throw c.fail("vertex entry \(k)", "vertex number \(vertex) outside 0…\(n - 1)")
            }
            values[Int(vertex)] = value
        }
        vertexValues = values
        entries = []
        colorTableName = ""
        colorTableVersion = nil
        guard c.remaining >= 4 else { return }
        let hasTable = try c.i32("colour table flag")
        guard hasTable == 1 else { return }
        let first = try c.i32("colour table size")
        if first > 0 {
            colorTableVersion = 1
            try readOldTable(&c, count: Int(first))
        } else {
            let version = -Int(first)
            guard version == 2 else {
                throw c.fail("colour table version", "\(version) is not supported (old format or version 2 are)")
            }
            colorTableVersion = 2
            try readVersion2Table(&c)
        }
    }

    // Old format: entries are numbered by position.
    private mutating func readOldTable(_ c: inout ImportByteCursor, count: Int) throws {
        guard count <= c.remaining / 20 else {
            throw c.fail("colour table size", "\(count) entries cannot fit in the remaining \(c.remaining) bytes")
        }
        colorTableName = try c.lengthPrefixedString("colour table file name")
        for k in 0 ..< count {
            let name = try c.lengthPrefixedString("colour table entry \(k) name")
            entries.append(try Self.rgbt(&c, index: k, name: name))
        }
    }

    // Version 2: explicit structure numbers, possibly sparse.
    private mutating func readVersion2Table(_ c: inout ImportByteCursor) throws {
        colorTableMaxIndex = try c.i32("colour table max index")
        colorTableName = try c.lengthPrefixedString("colour table file name")
        let count = try c.count("colour table entries", atMost: c.remaining / 24)
        for k in 0 ..< count {
            let index = try c.i32("colour table entry \(k) index")
            let name = try c.lengthPrefixedString("colour table entry \(k) name")
            entries.append(try Self.rgbt(&c, index: Int(index), name: name))
        }
    }

    private static func rgbt(_ c: inout ImportByteCursor, index: Int, name: String) throws -> FreeSurferColorEntry {
        var rgb = [Int]()
        for channel in ["red", "green", "blue"] {
            let v = try c.i32("colour table entry \(name) \(channel)")
            guard (0 ... 255).contains(v) else {
                throw c.fail("colour table entry \(name) \(channel)", "\(v) outside 0…255")
            }
            rgb.append(Int(v))
        }
        let t = try c.i32("colour table entry \(name) transparency")
        return FreeSurferColorEntry(index: index, name: name, color: rgb, transparency: Int(t))
    }

    /// The file bytes: vertices listed 0…N−1, then the colour table in the format it was read in.
    public func encoded() -> [UInt8] {
        var w = ByteWriter(capacity: 8 * vertexValues.count + 64 * entries.count + 64)
        w.i32BE(Int32(vertexValues.count))
        for (v, value) in vertexValues.enumerated() { w.i32BE(Int32(v)); w.i32BE(value) }
        guard let version = colorTableVersion else { return w.data }
        func string(_ s: String) {
            let b = Array(s.utf8) + [0]
            w.i32BE(Int32(b.count))
            w.bytes(b)
        }
        func rgbt(_ e: FreeSurferColorEntry) {
            for v in e.color { w.i32BE(Int32(v)) }
            w.i32BE(Int32(e.transparency))
        }
        w.i32BE(1)
        if version == 1 {
            w.i32BE(Int32(entries.count))
            string(colorTableName)
            for e in entries { string(e.name); rgbt(e) }
        } else {
            w.i32BE(-2)
            w.i32BE(colorTableMaxIndex)
            string(colorTableName)
            w.i32BE(Int32(entries.count))
            for e in entries { w.i32BE(Int32(e.index)); string(e.name); rgbt(e) }
        }
        return w.data
    }

    /// Position in `entries` of each vertex's label, or −1 when its value is in no entry.
    /// When several entries share a colour the first one wins (what FreeSurfer's lookup does).
    public func entryPositions() -> [Int] {
        var byValue = [Int32: Int]()
        for (k, e) in entries.enumerated() where byValue[e.annotationValue] == nil {
            byValue[e.annotationValue] = k
        }
        return vertexValues.map { byValue[$0] ?? -1 }
    }

    /// Per-entry vertex counts (same order as `entries`), from `entryPositions()`.
    public func vertexCountsPerEntry() -> [Int] {
        var counts = [Int](repeating: 0, count: entries.count)
        for p in entryPositions() where p >= 0 { counts[p] += 1 }
        return counts
    }
}
