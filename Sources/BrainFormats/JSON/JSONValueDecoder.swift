/// Reads any `Decodable` from a parsed `JSONValue`. Errors name the member path
/// (`atlases[2].regions[7].color`) and what was wrong there.
public enum JSONValueDecoder {
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONDecodeError) -> T {
        do {
            return try NodeDecoder(value: value, codingPath: []).decode(T.self)
        } catch let error as JSONDecodeError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw JSONDecodeError(path: context.codingPath, problem: context.debugDescription)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw JSONDecodeError(path: context.codingPath, problem: context.debugDescription)
        } catch let DecodingError.keyNotFound(key, context) {
            throw JSONDecodeError(path: context.codingPath + [key], problem: "missing key")
        } catch {
            throw JSONDecodeError(path: [], problem: "\(error)")
        }
    }
}

/// A member that is missing or has the wrong shape; `path` reads like `meshes[0].hemisphere`.
public struct JSONDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    init(path: [any CodingKey], problem: String) {
        self.init(path: Self.spell(path), problem: problem)
    }

    public var description: String { "\(path): \(problem)" }

    static func spell(_ path: [any CodingKey]) -> String {
        var out = ""
        for key in path {
            if let i = key.intValue { out += "[\(i)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        return out.isEmpty ? "(top level)" : out
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ i: Int) { intValue = i }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private func shape(_ v: JSONValue) -> String {
    switch v {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .float, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
}

private struct NodeDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func fail(_ expected: String) -> JSONDecodeError {
        JSONDecodeError(path: codingPath, problem: "expected \(expected), found \(shape(value))")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw fail("an object") }
        return KeyedDecodingContainer(KeyedNodeContainer(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw fail("an array") }
        return UnkeyedNodeContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let p = T.self as? any JSONPrimitive.Type {
            guard let v = p.init(json: value) else { throw fail(Self.expectation(p)) }
            return v as! T
        }
        return try T(from: self)
    }

    static func expectation(_ p: any JSONPrimitive.Type) -> String {
        switch p {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Double.Type, is Float.Type: "a number"
        default: "a whole number in the range of \(p)"
        }
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, value: JSONValue)]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    func child(_ key: Key) throws -> NodeDecoder {
        guard let v = members.last(where: { $0.key == key.stringValue })?.value else {
            throw JSONDecodeError(path: codingPath + [key], problem: "missing key")
        }
        return NodeDecoder(value: v, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value.isNull }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(T.self) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), let c = try? child(key), !c.value.isNull else { return nil }
        return try c.decode(T.self)
    }
    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        try child(key).container(keyedBy: N.self)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder {
        NodeDecoder(value: members.last { $0.key == "super" }?.value ?? .null, codingPath: codingPath)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    mutating func next() throws -> NodeDecoder {
        let key = IndexKey(currentIndex)
        guard !isAtEnd else { throw JSONDecodeError(path: codingPath + [key], problem: "the array has only \(items.count) items") }
        defer { currentIndex += 1 }
        return NodeDecoder(value: items[currentIndex], codingPath: codingPath + [key])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(T.self) }
    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
        try next().container(keyedBy: N.self)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}
