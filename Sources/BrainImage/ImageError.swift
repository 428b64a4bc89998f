import Foundation

/// Why an image could not be made, encoded or decoded.
public enum ImageError: Error, Equatable, LocalizedError, CustomStringConvertible {
    case badSize(width: Int, height: Int)
    case pixelCount(expected: Int, actual: Int)
    /// libpng refused the data; `source` names the file or says "PNG data".
    case decode(source: String, message: String)
    case unreadable(path: String, message: String)

    public var description: String {
        switch self {
        case let .badSize(w, h):
            "image size \(w) × \(h): each side must be 1…\(RGBAImage.maxSide) and the area at most \(RGBAImage.maxPixels) pixels"
        case let .pixelCount(expected, actual):
            "image pixels: \(actual) bytes given, \(expected) expected (width × height × 4)"
        case let .decode(source, message):
            "\(source): PNG: \(message)"
        case let .unreadable(path, message):
            "\(path): \(message)"
        }
    }
    public var errorDescription: String? { description }
}
