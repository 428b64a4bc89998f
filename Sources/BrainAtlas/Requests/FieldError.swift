/// A request value that failed its check, naming the request *field* (`elevation`, `size`,
/// `highlight`) rather than a command-line flag or a query key: each front end words the field
/// back in its own spelling (`--elevation`, `elevation=`) through `message(spelling:)`.
public struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request field, camelCase (`dimOthers`, `size`).
    public let field: String
    /// The value as given, already shortened for echoing; nil for flags.
    public let value: String?
    /// What was wrong. Other fields it mentions are written `{field}` so they are spelled too.
    public let problem: String

    public init(_ field: String, value: String? = nil, _ problem: String) {
        self.field = field
        self.value = value.map(FieldError.echo)
        self.problem = problem
    }

    /// The message with every field (this one and those in `{…}`) spelled by `spelling`.
    public func message(spelling: (String) -> String) -> String {
        var problem = ""
        var rest = Substring(self.problem)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            problem += rest[..<open] + spelling(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        problem += rest
        guard let value else { return "\(spelling(field)): \(problem)" }
        return "\(spelling(field)): '\(value)' \(problem)"
    }

    /// The library's own wording: fields by their names.
    public var description: String { message { $0 } }

    /// Longest echo of a value in a message; longer values are cut in the middle.
    public static let echoLength = 60

    /// `value`, cut to `echoLength` characters with an ellipsis and the full length when longer,
    /// with control characters escaped so an echo never drives the terminal.
    public static func echo(_ value: String) -> String {
        let safe = value.unicodeScalars.map { scalar -> String in
            scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
        guard safe.count > echoLength else { return safe }
        return "\(safe.prefix(echoLength / 2))…\(safe.suffix(echoLength / 4)) (\(value.count) characters)"
    }
}

/// Errors that may carry a `FieldError`, so a front end can word the field in its own spelling.
public protocol FieldReporting: Error {
    var fieldError: FieldError? { get }
}

extension FieldError: FieldReporting {
    public var fieldError: FieldError? { self }
}
