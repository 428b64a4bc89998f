import Foundation

/// A FreeSurfer `.label` text file: a list of vertices (or voxels) with positions and a value each.
public struct FreeSurferLabel: Sendable {
    /// Vertex numbers, in file order.
    public var vertices: [Int]
    /// Positions in mm (tkRAS), one per vertex.
    public var positions: [SIMD3<Float>]
    /// The fifth column (a statistic or probability; 0 when unused).
    public var values: [Float]
    /// The first line exactly as stored (FreeSurfer: `#!ascii label  , from subject … vox2ras=TkReg`).
    public var headerLine: String
    /// The first line without its leading '#'.
    public var comment: String {
        headerLine.hasPrefix("#") ? String(headerLine.dropFirst()).trimmingCharacters(in: .whitespaces) : headerLine
    }

    public var vertexCount: Int { vertices.count }

    /// Reads a label file (gzip accepted).
    public init(contentsOf url: URL) throws {
        try self.init(bytes: [UInt8](try FileSource.read(url, sizeLimit: TextSizeLimit.check)), name: url.lastPathComponent)
    }

    /// Parses label text; `name` is used in errors.
    public init(bytes: [UInt8], name: String) throws {
        func fail(_ field: String, _ message: String) -> FormatError {
            FormatError(file: name, field: field, message: message)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let rawLines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        var lines = rawLines.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count >= 2 else { throw fail("header", "needs a comment line and a count line") }
        headerLine = String(rawLines[0]).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        guard let n = Int(lines[1]), n >= 0 else {
            throw fail("line 2 (count)", "'\(lines[1].prefix(40))' is not a vertex count")
        }
        guard n == lines.count - 2 else {
            throw fail("line 2 (count)", "says \(n) vertices but the file has \(lines.count - 2) data lines")
        }
        vertices = []
        positions = []
        values = []
        vertices.reserveCapacity(n)
        for (k, line) in lines.dropFirst(2).enumerated() {
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let lineNo = k + 3
            guard f.count == 5, let v = Int(f[0]), v >= 0,
                  let x = Float(f[1]), let y = Float(f[2]), let z = Float(f[3]), let w = Float(f[4]),
                  x.isFinite, y.isFinite, z.isFinite else {
                throw fail("line \(lineNo)", "expected 'vertex x y z value', found '\(line.prefix(60))'")
            }
            vertices.append(v)
            positions.append(SIMD3(x, y, z))
            values.append(w)
        }
    }

    /// The text FreeSurfer writes (`%d  %.3f  %.3f  %.3f %.10f` per vertex).
    public func encoded() -> [UInt8] {
        var out = headerLine + "\n\(vertices.count)\n"
        for k in vertices.indices {
            let p = positions[k]
            out += String(format: "%d  %.3f  %.3f  %.3f %.10f\n", vertices[k], Double(p.x), Double(p.y), Double(p.z), Double(values[k]))
        }
        return Array(out.utf8)
    }
}
