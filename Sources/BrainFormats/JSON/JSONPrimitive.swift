/// The scalar types Codable containers must handle one by one, each with its JSON form and back.
protocol JSONPrimitive {
    var json: JSONValue { get }
    init?(json: JSONValue)
}

extension Bool: JSONPrimitive {
    var json: JSONValue { .bool(self) }
    init?(json: JSONValue) {
        guard case .bool(let b) = json else { return nil }
        self = b
    }
}

extension String: JSONPrimitive {
    var json: JSONValue { .string(self) }
    init?(json: JSONValue) {
        guard case .string(let s) = json else { return nil }
        self = s
    }
}

extension Double: JSONPrimitive {
    var json: JSONValue { .double(self) }
    init?(json: JSONValue) {
        guard let n = json.number else { return nil }
        self = n
    }
}

extension Float: JSONPrimitive {
    var json: JSONValue { .float(self) }
    init?(json: JSONValue) {
        if case .float(let f) = json { self = f; return }
        guard let n = json.number, abs(n) <= Double(Float.greatestFiniteMagnitude) else { return nil }
        self = Float(n)
    }
}

/// Whole numbers: an integral `double` (such as `2e3`) reads as an integer too, when it fits.
protocol JSONInteger: JSONPrimitive, FixedWidthInteger {}

extension JSONInteger {
    var json: JSONValue { Int(exactly: self).map { .int($0) } ?? .double(Double(self)) }
    init?(json: JSONValue) {
        if case .int(let i) = json {
            guard let v = Self(exactly: i) else { return nil }
            self = v
            return
        }
        guard let d = json.number, d == d.rounded(), let v = Self(exactly: d) else { return nil }
        self = v
    }
}

extension Int: JSONInteger {}
extension Int8: JSONInteger {}
extension Int16: JSONInteger {}
extension Int32: JSONInteger {}
extension Int64: JSONInteger {}
extension UInt: JSONInteger {}
extension UInt8: JSONInteger {}
extension UInt16: JSONInteger {}
extension UInt32: JSONInteger {}
extension UInt64: JSONInteger {}
