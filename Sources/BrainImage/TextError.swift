import Foundation

/// Why a font could not be found, read or used.
public enum TextError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// No font file at any of the places looked at, in the order tried.
    case fontNotFound(tried: [String])
    /// A font file that exists but cannot be read or is not a font FreeType understands.
    case unreadableFont(path: String, message: String)
    /// FreeType itself failed (out of memory, or a library that does not start).
    case freeType(operation: String, code: Int32)
    /// The FreeType library itself is not installed.
    case library(LibraryError)

    public var description: String {
        switch self {
        case let .fontNotFound(tried):
            "no DejaVu Sans font found (tried \(tried.joined(separator: ", "))); install the package "
                + "fonts-dejavu-core (Debian/Ubuntu), dejavu-sans-fonts (Fedora) or ttf-dejavu (Arch), "
                + "or set \(Typeface.environmentKey) to a TrueType font file"
        case let .unreadableFont(path, message):
            "font \(path): \(message)"
        case let .freeType(operation, code):
            "FreeType: \(operation) failed (error \(code))"
        case let .library(error):
            "\(error)"
        }
    }
    public var errorDescription: String? { description }
}
