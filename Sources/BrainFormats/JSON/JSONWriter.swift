/// Prints a `JSONValue` in the one layout every file, command and endpoint uses: compact, or pretty
/// (two-space indent, `"key" : value`), members in order or sorted by key, `/` unescaped, numbers in
/// their shortest round-trip form without a trailing `.0`. This matches Foundation's `JSONEncoder`
/// with `.sortedKeys` and `.withoutEscapingSlashes`, so files written before keep their bytes.
public struct JSONWriter: Sendable {
    public var pretty: Bool
    public var sortedKeys: Bool

    public init(pretty: Bool, sortedKeys: Bool) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }

    public func string(_ value: JSONValue) -> String {
        var out = ""
        write(value, to: &out, indent: 0)
        return out
    }

    private func write(_ value: JSONValue, to out: inout String, indent: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .float(let f): Self.writeNumber(f.isFinite ? f.description : nil, to: &out)
        case .double(let d): Self.writeNumber(d.isFinite ? d.description : nil, to: &out)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            writeList(items, open: "[", close: "]", to: &out, indent: indent) { item, out in
                write(item, to: &out, indent: indent + 1)
            }
        case .object(let members):
            let ordered = sortedKeys ? members.sorted { $0.key < $1.key } : members
            writeList(ordered, open: "{", close: "}", to: &out, indent: indent) { member, out in
                Self.writeString(member.key, to: &out)
                out += pretty ? " : " : ":"
                write(member.value, to: &out, indent: indent + 1)
            }
        }
    }

    private func writeList<T>(_ items: [T], open: String, close: String, to out: inout String, indent: Int,
                              _ element: (T, inout String) -> Void) {
        out += open
        guard pretty else {
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                element(item, &out)
            }
            out += close
            return
        }
        // Foundation prints an empty container as an open line, a blank line and the indented close.
        if items.isEmpty { out += "\n\n" + String(repeating: "  ", count: indent) + close; return }
        for (k, item) in items.enumerated() {
            out += k > 0 ? ",\n" : "\n"
            out += String(repeating: "  ", count: indent + 1)
            element(item, &out)
        }
        out += "\n" + String(repeating: "  ", count: indent) + close
    }

    /// Appends `value` as `string` prints it, for callers that assemble JSON text from pre-written pieces.
    public static func append(_ value: Double, to out: inout String) {
        writeNumber(value.isFinite ? value.description : nil, to: &out)
    }

    /// Appends `s` quoted and escaped as `string` prints it.
    public static func append(_ s: String, to out: inout String) {
        writeString(s, to: &out)
    }

    /// Non-finite numbers have no JSON spelling and print as `null`.
    private static func writeNumber(_ text: String?, to out: inout String) {
        guard var text else { out += "null"; return }
        if text.hasSuffix(".0") { text.removeLast(2) }
        out += text
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        // Most strings (keys, names) need no escape: appended whole rather than a scalar at a time.
        if !s.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
