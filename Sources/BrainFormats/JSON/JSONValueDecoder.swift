/// Reads any `Decodable` from a parsed `JSONValue`. Errors name the member path
/// (`atlases[2].regions[7].color`) and what was wrong there.
public enum JSONValueDecoder {
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONDecodeError) -> T {
        do {
            return try NodeDecoder(value: value, parent: nil, key: nil).decode(T.self)
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

/// The keys from the top level down to a container, as a chain to the parent's link: descending
/// into a member costs one link per object or array, and the path is spelt out only for an error.
private final class PathLink {
    let parent: PathLink?
    let key: any CodingKey

    init(parent: PathLink?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    static func path(_ link: PathLink?, then key: (any CodingKey)? = nil) -> [any CodingKey] {
        var keys: [any CodingKey] = key.map { [$0] } ?? []
        var node = link
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
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

private func expectation(_ p: any JSONPrimitive.Type) -> String {
    switch p {
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    case is Double.Type, is Float.Type: "a number"
    default: "a whole number in the range of \(p)"
    }
}

/// `value` as the scalar `P`, or the error naming where it sits and what it is instead.
private func primitive<P: JSONPrimitive>(_ type: P.Type, _ value: JSONValue, parent: PathLink?,
                                         key: (any CodingKey)?) throws -> P {
    guard let p = P(json: value) else {
        throw JSONDecodeError(path: PathLink.path(parent, then: key),
                              problem: "expected \(expectation(P.self)), found \(shape(value))")
    }
    return p
}

private struct NodeDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    /// The enclosing container's link and this value's key in it (nil at the top level).
    let parent: PathLink?
    let key: (any CodingKey)?
    var codingPath: [any CodingKey] { PathLink.path(parent, then: key) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func fail(_ expected: String) -> JSONDecodeError {
        JSONDecodeError(path: codingPath, problem: "expected \(expected), found \(shape(value))")
    }

    private var link: PathLink? { key.map { PathLink(parent: parent, key: $0) } ?? parent }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw fail("an object") }
        return KeyedDecodingContainer(KeyedNodeContainer(members: members, link: link))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw fail("an array") }
        return UnkeyedNodeContainer(items: items, link: link)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = try scalar(T.self) { return scalar }
        return try T(from: self)
    }

    /// `value` as `T` when `T` is a JSON scalar type, nil for any other type. Told apart by type
    /// identity: a cast to `any JSONPrimitive.Type` would, for each new composite type, scan the
    /// conformance tables of every library in the process (Foundation's are large).
    private func scalar<T>(_ type: T.Type) throws -> T? {
        func read<P: JSONPrimitive>(_ p: P.Type) throws -> T? { try primitive(p, value, parent: parent, key: key) as? T }
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self): return try read(String.self)
        case ObjectIdentifier(Double.self): return try read(Double.self)
        case ObjectIdentifier(Float.self): return try read(Float.self)
        case ObjectIdentifier(Int.self): return try read(Int.self)
        case ObjectIdentifier(Bool.self): return try read(Bool.self)
        case ObjectIdentifier(Int8.self): return try read(Int8.self)
        case ObjectIdentifier(Int16.self): return try read(Int16.self)
        case ObjectIdentifier(Int32.self): return try read(Int32.self)
        case ObjectIdentifier(Int64.self): return try read(Int64.self)
        case ObjectIdentifier(UInt.self): return try read(UInt.self)
        case ObjectIdentifier(UInt8.self): return try read(UInt8.self)
        case ObjectIdentifier(UInt16.self): return try read(UInt16.self)
        case ObjectIdentifier(UInt32.self): return try read(UInt32.self)
        case ObjectIdentifier(UInt64.self): return try read(UInt64.self)
        default: return nil
        }
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, value: JSONValue)]
    let link: PathLink?
    var codingPath: [any CodingKey] { PathLink.path(link) }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    /// The member `key` (the last one if repeated).
    private func member(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        // Indexing compares each key in place; a closure over the members would copy (and retain)
        // every key and value it passes.
        var index = members.endIndex
        while index > members.startIndex {
            index -= 1
            if members[index].key == name { return members[index].value }
        }
        return nil
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    func child(_ key: Key) throws -> NodeDecoder {
        guard let v = member(key) else {
            throw JSONDecodeError(path: PathLink.path(link, then: key), problem: "missing key")
        }
        return NodeDecoder(value: v, parent: link, key: key)
    }

    private func scalar<P: JSONPrimitive>(_ type: P.Type, _ key: Key) throws -> P {
        guard let v = member(key) else {
            throw JSONDecodeError(path: PathLink.path(link, then: key), problem: "missing key")
        }
        return try primitive(P.self, v, parent: link, key: key)
    }

    private func scalarIfPresent<P: JSONPrimitive>(_ type: P.Type, _ key: Key) throws -> P? {
        guard let v = member(key), !v.isNull else { return nil }
        return try primitive(P.self, v, parent: link, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value.isNull }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(T.self) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let v = member(key), !v.isNull else { return nil }
        return try NodeDecoder(value: v, parent: link, key: key).decode(T.self)
    }
    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        try child(key).container(keyedBy: N.self)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder {
        NodeDecoder(value: members.last { $0.key == "super" }?.value ?? .null, parent: link, key: nil)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let link: PathLink?
    var currentIndex = 0
    var codingPath: [any CodingKey] { PathLink.path(link) }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], link: PathLink?) {
        self.items = items
        self.link = link
    }

    mutating func next() throws -> NodeDecoder {
        let key = IndexKey(currentIndex)
        guard !isAtEnd else {
            throw JSONDecodeError(path: PathLink.path(link, then: key), problem: "the array has only \(items.count) items")
        }
        defer { currentIndex += 1 }
        return NodeDecoder(value: items[currentIndex], parent: link, key: key)
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
