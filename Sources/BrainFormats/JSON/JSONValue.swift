/// A JSON value whose objects keep member order: what the parser returns, what `JSONValueEncoder`
/// builds from Codable values, and what `JSONWriter` prints (docs/file-formats.md §10).
public indirect enum JSONValue: Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    /// A single-precision number, printed with the shortest text that reads back as the same `Float`.
    case float(Float)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in order; objects here are small, so a linear lookup beats hashing.
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.description == b.description }

    public static func ints<S: Sequence>(_ values: S) -> JSONValue where S.Element: BinaryInteger {
        .array(values.map { .int(Int($0)) })
    }

    public static func floats<S: Sequence>(_ values: S) -> JSONValue where S.Element == Float {
        .array(values.map { .float($0) })
    }

    /// The member `key` of an object (the last one if repeated, as Foundation's decoder does).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Any number as a `Double` (nil for other values).
    public var number: Double? {
        switch self {
        case .int(let i): Double(i)
        case .float(let f): Double(f)
        case .double(let d): d
        default: nil
        }
    }

    /// Compact JSON text, members in their own order.
    public var description: String { JSONWriter(pretty: false, sortedKeys: false).string(self) }
}
