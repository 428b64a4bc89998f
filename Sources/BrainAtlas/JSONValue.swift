import Foundation

/// A parsed JSON value. The atlas model reads catalog.json and the texts with this small
/// parser because Foundation's `JSONDecoder` spends ~8 ms on the 300 KB catalog, a sixth of
/// the budget of a whole `where` or `info` process; `Catalog` stays Codable for writing.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in file order; objects here are small, so a linear lookup beats hashing.
    case object([(key: String, value: JSONValue)])

    /// The member `key` of an object (the last one if repeated, as JSONDecoder does).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Parses `data`; errors give the byte offset and what was expected.
    static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> JSONValue in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            parser.skipSpace()
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.at == parser.bytes.count else { throw parser.fail("trailing characters after the JSON value") }
            return value
        }
    }
}

/// Where and why JSON text could not be parsed.
struct JSONParseError: Error, Sendable {
    let offset: Int
    let message: String
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ message: String) -> JSONParseError { JSONParseError(offset: at, message: message) }

    mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        // Nesting is bounded so a hostile file cannot overflow the stack.
        guard depth < 256 else { throw fail("nesting deeper than 256 levels") }
        guard at < bytes.count else { throw fail("unexpected end of data") }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            var object: [(key: String, value: JSONValue)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(object) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let key = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\"") }
                at += 1
                skipSpace()
                object.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw fail("unterminated object") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(object) }
                throw fail("expected ',' or '}' in object")
            }
        case UInt8(ascii: "["):
            at += 1
            var array: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(array) }
            while true {
                skipSpace()
                array.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw fail("unterminated array") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(array) }
                throw fail("expected ',' or ']' in array")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            return .number(try number())
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard at + n <= bytes.count else { throw fail("unexpected end of data") }
        for i in 0..<n where bytes[at + i] != word.utf8Start[i] { throw fail("invalid literal") }
        at += n
    }

    mutating func number() throws -> Double {
        let start = at
        while at < bytes.count {
            let c = bytes[at]
            guard (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
                    || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") else { break }
            at += 1
        }
        guard at > start, let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)) else {
            at = start
            throw fail("invalid value")
        }
        return value
    }

    mutating func string() throws -> String {
        at += 1  // opening quote
        let start = at
        // Fast path: no escapes.
        while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\") { at += 1 }
        guard at < bytes.count else { throw fail("unterminated string") }
        if bytes[at] == UInt8(ascii: "\"") {
            defer { at += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        }
        var out = Array(bytes[start..<at])
        while at < bytes.count {
            let c = bytes[at]
            if c == UInt8(ascii: "\"") { at += 1; return String(decoding: out, as: UTF8.self) }
            guard c == UInt8(ascii: "\\") else { out.append(c); at += 1; continue }
            guard at + 1 < bytes.count else { break }
            let e = bytes[at + 1]
            at += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00, at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"),
                   bytes[at + 1] == UInt8(ascii: "u") {
                    at += 2
                    let low = try hex4()
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default: out.append(e)  // \" \\ \/
            }
        }
        throw fail("unterminated string")
    }

    mutating func hex4() throws -> UInt32 {
        guard at + 4 <= bytes.count else { throw fail("bad \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[at]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x37)
            case 0x61...0x66: d = UInt32(c - 0x57)
            default: throw fail("bad \\u escape")
            }
            v = v << 4 | d
            at += 1
        }
        return v
    }
}
