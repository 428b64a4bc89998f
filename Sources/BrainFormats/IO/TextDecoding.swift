/// Decodes file text as UTF-8, falling back to Latin-1 for bytes that are not valid UTF-8
/// (paths written on Windows by BrainVoyager often are).
public enum TextDecoding {
    public static func decode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        var scalars = String.UnicodeScalarView()
        for b in bytes { scalars.append(Unicode.Scalar(b)) }
        return String(scalars)
    }

    public static func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        decode(UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    }
}

/// A string as stored in a file: the exact bytes (kept so a round trip is byte-identical) and their text.
public struct RawString: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    /// Text to store: encoded as UTF-8.
    public init(_ string: String) { bytes = Array(string.utf8) }
    public init(stringLiteral value: String) { self.init(value) }

    /// Decoded text (UTF-8, else Latin-1).
    public var string: String { TextDecoding.decode(bytes) }
    public var description: String { string }
    public var isEmpty: Bool { bytes.isEmpty }
}
