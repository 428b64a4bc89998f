import BrainAtlas
import Foundation

/// The decoded query string of one request, with typed, validated accessors.
///
/// Parsed by hand rather than through Hummingbird's `queryParameters` so that `+` means a
/// space (what browsers' `URLSearchParams` send), broken percent escapes are a 400, and the
/// 4 KB limit is checked before anything is decoded.
struct QueryParameters: Sendable {
    static let maximumLength = 4096

    private(set) var values: [String: String] = [:]

    init(rawQuery: String?) throws(APIError) {
        guard let raw = rawQuery, !raw.isEmpty else { return }
        guard raw.utf8.count <= Self.maximumLength else {
            throw APIError(.uriTooLong, "query is \(raw.utf8.count) bytes; the limit is \(Self.maximumLength)")
        }
        for pair in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try Self.decode(parts[0], field: "parameter name")
            let value = parts.count > 1 ? try Self.decode(parts[1], field: key) : ""
            // Which of two values was meant is not ours to guess (a proxy or a script appended one).
            guard values.updateValue(value, forKey: key) == nil else {
                throw .badRequest("\(key.prefix(40)): parameter given twice")
            }
        }
    }

    init(_ values: [String: String]) { self.values = values }

    /// `+` is a space and `%XX` a byte; anything else after `%`, or bytes that are not UTF-8,
    /// is an error (Foundation's `removingPercentEncoding` lets some of these through).
    private static func decode(_ text: Substring, field: String) throws(APIError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badRequest("\(field): malformed percent-encoding in '\(text.prefix(60))'")
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("\(field): not valid UTF-8 after percent-decoding")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Rejects parameters the endpoint does not know, so a typo is an error rather than a silent default.
    func allowOnly(_ allowed: Set<String>) throws(APIError) {
        let unknown = values.keys.filter { !allowed.contains($0) }.sorted()
        if let first = unknown.first {
            throw .badRequest("unknown parameter '\(first.prefix(40))'; allowed: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    func string(_ key: String) -> String? {
        guard let value = values[key], !value.isEmpty else { return nil }
        return value
    }

    func required(_ key: String) throws(APIError) -> String {
        guard let value = string(key) else { throw .badRequest("\(key): missing") }
        return value
    }

    /// An integer; its range is the request type's to check.
    func int(_ key: String) throws(APIError) -> Int? {
        guard let text = string(key) else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw .badRequest("\(key): '\(text.prefix(40))' is not an integer")
        }
        return value
    }

    /// An integer within `range` (for limits of the API itself, such as a result count).
    func int(_ key: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        guard let value = try int(key) else { return nil }
        guard range.contains(value) else {
            throw .badRequest("\(key): \(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    func double(_ key: String) throws(APIError) -> Double? {
        guard let text = string(key) else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw .badRequest("\(key): '\(text.prefix(40))' is not a finite number")
        }
        return value
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        guard let value = values[key] else { return nil }
        switch value.lowercased() {
        case "", "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw .badRequest("\(key): '\(value.prefix(40))' is not true or false")
        }
    }

    func choice(_ key: String, from allowed: [String]) throws(APIError) -> String? {
        try value(key, expected: allowed) { allowed.contains($0) ? $0 : nil }
    }

    /// A value read by `parse` (the CLI's own spelling rules, e.g. any case, `lh`), or a 400
    /// listing the `expected` spellings.
    func value<T>(_ key: String, expected: [String], _ parse: (String) -> T?) throws(APIError) -> T? {
        guard let text = string(key) else { return nil }
        guard let value = parse(text) else {
            throw .badRequest("\(key): unknown value '\(text.prefix(40))'; expected one of \(expected.joined(separator: ", "))")
        }
        return value
    }

    /// A free-text name (region, search query). Never used as a path; only what could climb
    /// out of a folder or name one from the root is refused (`..`, a backslash, a leading `/`), so
    /// names such as "BA44/45" work as they do in the CLI.
    func name(_ key: String) throws(APIError) -> String? {
        guard let value = string(key) else { return nil }
        try Self.checkName(value, field: key)
        return value
    }

    static func checkName(_ value: String, field: String) throws(APIError) {
        do { try RequestLimits.checkText(value, field: field) } catch {
            throw .badRequest(error.message(spelling: QueryWording.spell))
        }
        if value.contains("..") || value.hasPrefix("/") || value.contains("\\") {
            throw .badRequest("\(field): '\(value.prefix(40))' looks like a path; names come from the catalog")
        }
    }
}
