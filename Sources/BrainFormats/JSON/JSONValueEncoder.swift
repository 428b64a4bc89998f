/// Turns any `Encodable` into a `JSONValue` (members in encoding order; `JSONWriter` sorts them when asked).
public enum JSONValueEncoder {
    public static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = EncodingNode()
        try root.store(value, path: [])
        return try root.value(path: [])
    }
}

/// A value under construction: containers hand out child nodes that are filled in later.
private final class EncodingNode {
    enum Content { case unset, leaf(JSONValue), object([(String, EncodingNode)]), array([EncodingNode]) }
    var content = Content.unset

    func store<T: Encodable>(_ value: T, path: [any CodingKey]) throws {
        if let p = value as? any JSONPrimitive { content = .leaf(p.json); return }
        try value.encode(to: NodeEncoder(node: self, codingPath: path))
    }

    func child(_ key: String) -> EncodingNode {
        if case .object(let members) = content, let existing = members.last(where: { $0.0 == key }) { return existing.1 }
        let node = EncodingNode()
        if case .object(var members) = content { members.append((key, node)); content = .object(members) } else { content = .object([(key, node)]) }
        return node
    }

    func appended() -> EncodingNode {
        let node = EncodingNode()
        if case .array(var items) = content { items.append(node); content = .array(items) } else { content = .array([node]) }
        return node
    }

    func becomeObject() { if case .object = content {} else { content = .object([]) } }
    func becomeArray() { if case .array = content {} else { content = .array([]) } }

    func value(path: [any CodingKey]) throws -> JSONValue {
        switch content {
        case .unset:
            throw EncodingError.invalidValue((), .init(codingPath: path, debugDescription: "nothing was encoded"))
        case .leaf(let v): return v
        case .object(let members): return .object(try members.map { ($0.0, try $0.1.value(path: path)) })
        case .array(let items): return .array(try items.map { try $0.value(path: path) })
        }
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNodeContainer(node: node, codingPath: codingPath) }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).content = .leaf(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(key.stringValue).store(value, path: codingPath + [key])
    }
    mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
        NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: N.self)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.child("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = node.content { return items.count }
        return 0
    }

    mutating func encodeNil() throws { node.appended().content = .leaf(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.appended().store(value, path: codingPath) }
    mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type) -> KeyedEncodingContainer<N> {
        NodeEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: N.self)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appended(), codingPath: codingPath) }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .leaf(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, path: codingPath) }
}
