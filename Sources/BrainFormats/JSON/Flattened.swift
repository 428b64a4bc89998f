/// Two encodable values written into one JSON object: both write into the same keyed container,
/// so `Extra` must encode as a keyed object whose keys do not repeat `Base`'s (a region plus a
/// command's own fields, a quiz question plus a worksheet's file names).
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
