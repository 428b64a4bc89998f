import Foundation

/// The kinds of value request tables use: switches, enumerations, numbers with ranges, lists,
/// names, file paths. Each stores into a key path of the request and shows the request's own
/// default, so a default is written once, where the request declares the property.
extension RequestField {
    /// A value read by `parse` into `path` and shown by `show`: the one shape every kind shares.
    static func stored<T>(_ key: String, cli: Spelling, query: Spelling, form: Form, kind: Kind = .plain, help: String,
                          _ path: WritableKeyPath<Request, T> & Sendable, show: @escaping @Sendable (T) -> String?,
                          parse: @escaping @Sendable (String) throws(FieldError) -> T) -> Self {
        Self(key, cli: cli, query: query, form: form, kind: kind, help: help,
             default: { show($0[keyPath: path]) }) { request, text throws(FieldError) in
            request[keyPath: path] = try parse(text)
        }
    }

    /// An off-by-default switch: `--outline`, `outline=true`.
    public static func flag(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, help: String,
                            _ path: WritableKeyPath<Request, Bool> & Sendable) -> Self {
        stored(key, cli: cli, query: query, form: .flag, help: help, path, show: onOffText) { text throws(FieldError) in
            try switchValue(text, field: key, expected: "true or false")
        }
    }

    /// `on`/`off`, for switches that are on by default or whose default depends on other fields.
    public static func onOff(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, help: String,
                             _ path: WritableKeyPath<Request, Bool?> & Sendable) -> Self {
        stored(key, cli: cli, query: query, form: .value("on|off"), help: help, path, show: { $0.map(onOffText) }) {
            text throws(FieldError) in try switchValue(text, field: key)
        }
    }

    public static func onOff(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, help: String,
                             _ path: WritableKeyPath<Request, Bool> & Sendable) -> Self {
        stored(key, cli: cli, query: query, form: .value("on|off"), help: help, path, show: onOffText) { text throws(FieldError) in
            try switchValue(text, field: key)
        }
    }

    /// One of an enumeration's values, typed in any case (or as `parse` also accepts).
    public static func choice<E: CaseIterable & RawRepresentable & Sendable>(
        _ key: String, cli: Spelling = .derived, query: Spelling = .derived, help: String,
        _ path: WritableKeyPath<Request, E> & Sendable, parse: @escaping @Sendable (String) -> E? = { E(rawValue: $0.lowercased()) }
    ) -> Self where E.RawValue == String {
        stored(key, cli: cli, query: query, form: choiceForm(E.self), help: help, path, show: { $0.rawValue }) {
            text throws(FieldError) in try choiceValue(text, field: key, parse)
        }
    }

    /// The same for a field whose default (nil) depends on others.
    public static func choice<E: CaseIterable & RawRepresentable & Sendable>(
        _ key: String, cli: Spelling = .derived, query: Spelling = .derived, help: String,
        _ path: WritableKeyPath<Request, E?> & Sendable, parse: @escaping @Sendable (String) -> E? = { E(rawValue: $0.lowercased()) }
    ) -> Self where E.RawValue == String {
        stored(key, cli: cli, query: query, form: choiceForm(E.self), help: help, path, show: { $0?.rawValue }) {
            text throws(FieldError) in try choiceValue(text, field: key, parse)
        }
    }

    /// A whole number within `range`.
    public static func integer(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, valueName: String = "N",
                               in range: ClosedRange<Int>, help: String, _ path: WritableKeyPath<Request, Int?> & Sendable) -> Self {
        stored(key, cli: cli, query: query, form: .value(valueName), help: help, path, show: { $0.map(String.init) }) {
            text throws(FieldError) in try integerValue(text, field: key, in: range)
        }
    }

    public static func integer(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, valueName: String = "N",
                               in range: ClosedRange<Int>, help: String, _ path: WritableKeyPath<Request, Int> & Sendable) -> Self {
        stored(key, cli: cli, query: query, form: .value(valueName), help: help, path, show: { String($0) }) {
            text throws(FieldError) in try integerValue(text, field: key, in: range)
        }
    }

    /// A finite number within `range`.
    public static func number(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, valueName: String = "X",
                              in range: ClosedRange<Double>, help: String, _ path: WritableKeyPath<Request, Double?> & Sendable) -> Self {
        stored(key, cli: cli, query: query, form: .value(valueName), help: help, path, show: { $0.map(shortest) }) {
            text throws(FieldError) in try numberValue(text, field: key, in: range)
        }
    }

    public static func number(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, valueName: String = "X",
                              in range: ClosedRange<Double>, help: String, _ path: WritableKeyPath<Request, Double> & Sendable) -> Self {
        stored(key, cli: cli, query: query, form: .value(valueName), help: help, path, show: shortest) {
            text throws(FieldError) in try numberValue(text, field: key, in: range)
        }
    }

    /// `count` comma-separated finite numbers (`X,Y,Z`; `T,MAX` with `count: 1...2`), each within `range`.
    public static func numbers(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, valueName: String,
                               count: ClosedRange<Int>, in range: ClosedRange<Double>, help: String,
                               _ path: WritableKeyPath<Request, [Double]?> & Sendable) -> Self {
        stored(key, cli: cli, query: query, form: .value(valueName), help: help, path, show: { _ in nil }) {
            text throws(FieldError) in try listValue(text, field: key, valueName: valueName, count: count, in: range)
        }
    }

    private static func onOffText(_ value: Bool) -> String { value ? "on" : "off" }

    private static func choiceForm<E: CaseIterable & RawRepresentable>(_: E.Type) -> Form where E.RawValue == String {
        .value(E.allCases.map(\.rawValue).joined(separator: "|"))
    }

    /// A region name or free-text query, checked by `RequestLimits.checkText`.
    public static func name(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, valueName: String = "name",
                            help: String, _ path: WritableKeyPath<Request, String?> & Sendable) -> Self {
        Self(key, cli: cli, query: query, form: .value(valueName), kind: .name, help: help) { request, text throws(FieldError) in
            try RequestLimits.checkText(text, field: key)
            request[keyPath: path] = text
        }
    }

    /// A name with a default, stored lowercased (atlas names are typed in any case).
    public static func name(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, valueName: String = "name",
                            help: String, _ path: WritableKeyPath<Request, String> & Sendable) -> Self {
        Self(key, cli: cli, query: query, form: .value(valueName), kind: .name, help: help,
             default: { $0[keyPath: path] }) { request, text throws(FieldError) in
            try RequestLimits.checkText(text, field: key)
            request[keyPath: path] = text.lowercased()
        }
    }

    /// A file the user names (command line only: the server never reads paths from a query).
    public static func path(_ key: String, cli: Spelling = .derived, valueName: String, help: String,
                            _ path: WritableKeyPath<Request, String?> & Sendable) -> Self {
        Self(key, cli: cli, query: .none, form: .value(valueName), kind: .path, help: help) { request, text throws(FieldError) in
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw FieldError(key, value: text, "is not a usable file name")
            }
            request[keyPath: path] = text
        }
    }
}

extension RequestField {
    /// `on`, `off`, `true`, `false`, `1`, `0`, `yes`, `no` in any case; empty (a bare query key or
    /// flag) is on.
    public static func switchValue(_ text: String, field: String, expected: String = "on or off") throws(FieldError) -> Bool {
        switch text.lowercased() {
        case "", "on", "true", "1", "yes": return true
        case "off", "false", "0", "no": return false
        default: throw FieldError(field, value: text, "is not \(expected)")
        }
    }

    static func choiceValue<E: CaseIterable & RawRepresentable>(_ text: String, field: String,
                                                                _ parse: (String) -> E?) throws(FieldError) -> E where E.RawValue == String {
        guard let value = parse(text) else {
            throw FieldError(field, value: text, "is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    static func integerValue(_ text: String, field: String, in range: ClosedRange<Int>) throws(FieldError) -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw FieldError(field, value: text, "is not a whole number")
        }
        guard range.contains(value) else {
            throw FieldError(field, value: text, "is not within \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    static func numberValue(_ text: String, field: String, in range: ClosedRange<Double>) throws(FieldError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw FieldError(field, value: text, "is not a finite number")
        }
        guard range.contains(value) else {
            throw FieldError(field, value: text, "is not within \(shortest(range.lowerBound))…\(shortest(range.upperBound))")
        }
        return value
    }

    public static func listValue(_ text: String, field: String, valueName: String, count: ClosedRange<Int>,
                          in range: ClosedRange<Double>) throws(FieldError) -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard count.contains(parts.count), parts.allSatisfy({ $0?.isFinite == true }) else {
            let words = ["zero", "one", "two", "three", "four"]
            let number = { (n: Int) in n < words.count ? words[n] : String(n) }
            let how = count.count == 1 ? number(count.lowerBound) : "\(number(count.lowerBound)) to \(number(count.upperBound))"
            throw FieldError(field, value: text, "is not \(valueName) (\(how) numbers)")
        }
        let values = parts.map { $0! }
        if let outside = values.first(where: { !range.contains($0) }) {
            throw FieldError(field, value: text, "has \(shortest(outside)), outside \(shortest(range.lowerBound))…\(shortest(range.upperBound))")
        }
        return values
    }

    /// `0.5`, `90` (no trailing `.0`).
    static func shortest(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
