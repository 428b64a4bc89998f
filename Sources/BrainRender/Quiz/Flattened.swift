/// Two encodable values written into one JSON object (a quiz plus a worksheet's file names).
public struct Flattened<Base: Encodable & Sendable, Extra: Encodable & Sendable>: Encodable, Sendable {
    public let base: Base
    public let extra: Extra

    public init(_ base: Base, _ extra: Extra) {
        self.base = base
        self.extra = extra
    }

    public func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        try extra.encode(to: encoder)
    }
}
