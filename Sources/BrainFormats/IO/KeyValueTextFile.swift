import Foundation

/// One `Key: value` header line of a BV text file, value kept as written.
public struct TextHeaderEntry: Hashable, Sendable {
    public var key: String
    public var value: RawString

    public init(key: String, value: RawString) {
        self.key = key
        self.value = value
    }
}

/// A text format of `Key: value` lines (VOI, POI): reading, writing and header look-up are shared.
public protocol KeyValueTextFile {
    var header: [TextHeaderEntry] { get }
    init(data: Data, name: String) throws
    func encoded() -> Data
}

extension KeyValueTextFile {
    public static func read(from url: URL) throws -> Self {
        try Self(data: FileSource.read(url, sizeLimit: TextSizeLimit.check), name: url.lastPathComponent)
    }

    public func write(to url: URL) throws {
        try AtomicFile.write(encoded(), to: url)
    }

    /// The header value of `key` (case-insensitive), as text.
    public func value(_ key: String) -> String? {
        header.first { $0.key.caseInsensitiveCompare(key) == .orderedSame }?.value.string
    }

    public var version: Int { value("FileVersion").flatMap { Int($0) } ?? 0 }
}
