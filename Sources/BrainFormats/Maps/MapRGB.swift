/// An RGB triple as map headers store it (3 bytes).
public struct MapRGB: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r; self.g = g; self.b = b
    }

    static func read(_ r: inout ByteReader, _ field: String) throws -> MapRGB {
        MapRGB(try r.u8(field), try r.u8(field), try r.u8(field))
    }

    func write(_ w: inout ByteWriter) {
        w.u8(r); w.u8(g); w.u8(b)
    }

    var json: JSONValue { .ints([Int(r), Int(g), Int(b)]) }
}
