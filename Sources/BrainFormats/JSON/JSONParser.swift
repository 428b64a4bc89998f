import Foundation

extension JSONValue {
    /// Parses JSON text; errors give the byte offset, line and column and what was expected. Foundation's
    /// `JSONDecoder` spends ~5 ms on the 300 KB catalog, a large share of a whole `where` process.
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        do {
            return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> JSONValue in
                var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
                parser.skipSpace()
                let value = try parser.value(depth: 0)
                parser.skipSpace()
                guard parser.at == parser.bytes.count else { throw parser.fail("trailing characters after the JSON value") }
                return value
            }
        } catch let error as JSONParseError { throw error } catch { throw JSONParseError(offset: 0, line: 1, column: 1, message: "\(error)") }
    }
}

/// Where and why JSON text could not be parsed (line and column count from 1, columns in bytes).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ message: String) -> JSONParseError {
        var line = 1, lineStart = 0
        for i in 0 ..< min(at, bytes.count) where bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
        return JSONParseError(offset: at, line: line, column: at - lineStart + 1, message: message)
    }

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
            return try number()
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard at + n <= bytes.count else { throw fail("unexpected end of data") }
        for i in 0..<n where bytes[at + i] != word.utf8Start[i] { throw fail("invalid literal") }
        at += n
    }

    /// Plain integer literals become `.int`; anything with a fraction or exponent (or too big) `.double`.
    mutating func number() throws -> JSONValue {
        let start = at
        while at < bytes.count {
            let c = bytes[at]
            guard (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
                    || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") else { break }
            at += 1
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        if let i = Int(text) { return .int(i) }
        guard at > start, let value = Double(text), value.isFinite else {
            at = start
            throw fail("invalid value")
        }
        return .double(value)
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
