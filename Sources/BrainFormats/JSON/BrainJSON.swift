import Foundation

/// The one JSON entry point: every file, command and endpoint reads and writes JSON through it, so the
/// same value always prints the same bytes and a bad file always names the line or member at fault.
public enum BrainJSON {
    /// Encodes with sorted keys (stable output); `pretty` adds indentation for people and files.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        Data(try string(value, pretty: pretty).utf8)
    }

    /// The same as `encode`, as a UTF-8 string.
    public static func string<T: Encodable>(_ value: T, pretty: Bool = false) throws -> String {
        JSONWriter(pretty: pretty, sortedKeys: true).string(try JSONValueEncoder.encode(value))
    }

    /// Parses and decodes `data` (the fast parser, then the member-path decoder).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONError) -> T {
        let value: JSONValue
        do { value = try JSONValue.parse(data) } catch { throw .syntax(error) }
        do { return try JSONValueDecoder.decode(T.self, from: value) } catch { throw .shape(error) }
    }
}

/// Why JSON could not be read: bad text (with line and column) or a member of the wrong shape.
public enum JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    case syntax(JSONParseError)
    case shape(JSONDecodeError)

    /// Where the problem is: `line 3, column 7` or a member path.
    public var location: String {
        switch self {
        case .syntax(let e): "line \(e.line), column \(e.column)"
        case .shape(let e): e.path
        }
    }

    /// What is wrong there.
    public var problem: String {
        switch self {
        case .syntax(let e): "not valid JSON: \(e.message)"
        case .shape(let e): e.problem
        }
    }

    public var description: String { "\(location): \(problem)" }
}
