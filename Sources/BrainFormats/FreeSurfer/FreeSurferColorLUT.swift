import Foundation

/// FreeSurfer's colour look-up table text (`FreeSurferColorLUT.txt`, `colortable_BA.txt`): code, name, r g b a.
public struct FreeSurferColorLUT: Sendable {
    /// Entries in file order.
    public var entries: [FreeSurferColorEntry] { didSet { sourceBytes = nil } }
    /// The bytes this table was read from, until `entries` changes (an exact same-format round trip).
    public private(set) var sourceBytes: [UInt8]?

    /// A table from entries (written in FreeSurfer's column layout).
    public init(entries: [FreeSurferColorEntry]) {
        self.entries = entries
        sourceBytes = nil
    }

    /// Reads a LUT file (gzip accepted).
    public init(contentsOf url: URL) throws {
        try self.init(bytes: [UInt8](try FileSource.read(url, sizeLimit: TextSizeLimit.check)), name: url.lastPathComponent)
    }

    /// Parses LUT text; `name` is used in errors. `#` starts a comment; blank lines are skipped.
    public init(bytes: [UInt8], name: String) throws {
        entries = []
        sourceBytes = nil
        let text = String(decoding: bytes, as: UTF8.self)
        for (k, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if f.isEmpty { continue }
            guard f.count >= 5, let code = Int(f[0]),
                  let r = Int(f[2]), let g = Int(f[3]), let b = Int(f[4]),
                  [r, g, b].allSatisfy({ (0 ... 255).contains($0) }) else {
                throw FormatError(file: name, field: "line \(k + 1)",
                                  message: "expected 'code name r g b [a]', found '\(raw.prefix(60))'")
            }
            let a = f.count >= 6 ? Int(f[5]) ?? 0 : 0
            entries.append(FreeSurferColorEntry(index: code, name: String(f[1]), color: [r, g, b], transparency: a))
        }
        sourceBytes = bytes
    }

    /// The bytes read, if unchanged; otherwise FreeSurfer's layout (`code name r g b a` in columns).
    public func encoded() -> [UInt8] {
        if let sourceBytes { return sourceBytes }
        var out = "#No. Label Name:                            R   G   B   A\n\n"
        for e in entries {
            let name = e.name.padding(toLength: max(e.name.count, 39), withPad: " ", startingAt: 0)
            let rgb = e.color.map { String($0).padding(toLength: 3, withPad: " ", startingAt: 0) }.joined(separator: " ")
            out += "\(String(e.index).padding(toLength: 3, withPad: " ", startingAt: 0)) \(name) \(rgb) \(e.transparency)\n"
        }
        return Array(out.utf8)
    }

    /// The entry with numeric code `code` (first one if the file repeats it).
    public func entry(code: Int) -> FreeSurferColorEntry? { entries.first { $0.index == code } }

    /// The entry called `name` (exact spelling).
    public func entry(named name: String) -> FreeSurferColorEntry? { entries.first { $0.name == name } }
}
