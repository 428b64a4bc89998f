import Foundation

/// The JSON encoder every command and the server share, so the same object prints the same bytes.
public enum BrainJSON {
    /// Encodes with sorted keys (stable output); `pretty` adds indentation for people and files.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// The same as `encode`, as a UTF-8 string.
    public static func string<T: Encodable>(_ value: T, pretty: Bool = false) throws -> String {
        String(decoding: try encode(value, pretty: pretty), as: UTF8.self)
    }
}
