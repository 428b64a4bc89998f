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

    /// File text made safe for a terminal: control characters (ESC, BEL, CR, …; C0, DEL and C1) become
    /// `\x1B`-style escapes so a file cannot move the cursor or ring the bell. `keepLayout` leaves line
    /// breaks and tabs alone, for text the program itself laid out (file strings in it are escaped already).
    public static func printable(_ text: String, keepLayout: Bool = false) -> String {
        func escaped(_ s: Unicode.Scalar) -> Bool { isControl(s) && !(keepLayout && (s == "\n" || s == "\t")) }
        guard text.unicodeScalars.contains(where: escaped) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if escaped(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: "\\x\(hex.count < 2 ? "0" + hex : hex)".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }
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
    /// The text with control characters escaped, as `inspect` prints it.
    public var description: String { TextDecoding.printable(string) }
    public var isEmpty: Bool { bytes.isEmpty }
}
