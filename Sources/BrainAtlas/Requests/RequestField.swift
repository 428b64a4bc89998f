/// One option of a request kind, written once: the field's key (as `FieldError`s name it), how
/// the command line and the HTTP query spell it, how its text is read into the request, and its
/// help. A request type lists its fields in one table; the CLI's options, the server's query
/// keys, both front ends' error wording and the README's option tables all come from that table.
public struct RequestField<Request>: Sendable {
    /// How a value is given on the command line.
    public enum Form: Sendable, Equatable {
        /// `--outline` alone means on (`--outline=off` is accepted); `outline=` alone in a query too.
        case flag
        /// `--view NAME`: the text after the option (even when it starts with `-`, so `-40` is a value).
        case value(String)
    }

    /// What kind of text the value is, for front ends that check it further (the server refuses
    /// names that look like paths; paths are never taken from a query).
    public enum Kind: Sendable, Equatable {
        case plain, name, path
    }

    /// The request field (camelCase, `dimOthers`).
    public let key: String
    /// `--dim-others`; nil: not on the command line.
    public let cli: String?
    /// `dimOthers`; nil: not in the HTTP API.
    public let query: String?
    public let form: Form
    public let kind: Kind
    public let help: String
    /// The request cannot be made without it.
    public let isRequired: Bool
    /// The default as help shows it, read from a default request (nil: none).
    public let defaultText: @Sendable (Request) -> String?
    /// Reads the text into the request; a bad text is a `FieldError` naming `key`. Only the
    /// request types call it, from the initialisers that end in their checks (`package`: no
    /// client of the libraries can change a request past them).
    package let read: @Sendable (inout Request, String) throws(FieldError) -> Void

    /// The general entry: `read` parses and stores; every other constructor is built on it.
    public init(_ key: String, cli: Spelling = .derived, query: Spelling = .derived, form: Form, kind: Kind = .plain,
                required: Bool = false, help: String, default defaultText: @escaping @Sendable (Request) -> String? = { _ in nil },
                read: @escaping @Sendable (inout Request, String) throws(FieldError) -> Void) {
        self.key = key
        self.cli = cli.text(derived: "--" + Self.kebab(key))
        self.query = query.text(derived: key)
        (self.form, self.kind, self.isRequired, self.help) = (form, kind, required, help)
        (self.defaultText, self.read) = (defaultText, read)
    }

    /// The same field reading into the part of `Outer` at `path` (a request's overlay options,
    /// say), so a group of options is declared once and shared by several request kinds.
    public func within<Outer>(_ path: WritableKeyPath<Outer, Request> & Sendable) -> RequestField<Outer> {
        let (read, show) = (self.read, self.defaultText)
        func spelled(_ text: String?) -> RequestField<Outer>.Spelling {
            guard let text else { return RequestField<Outer>.Spelling.none }
            return RequestField<Outer>.Spelling.named(text)
        }
        // The nested types are distinct per request type, so each case is carried over.
        let form: RequestField<Outer>.Form = switch self.form {
        case .flag: .flag
        case .value(let name): .value(name)
        }
        let kind: RequestField<Outer>.Kind = switch self.kind {
        case .plain: .plain
        case .name: .name
        case .path: .path
        }
        return RequestField<Outer>(key, cli: spelled(cli), query: spelled(query),
                                   form: form, kind: kind, required: isRequired, help: help,
                                   default: { show($0[keyPath: path]) }) { outer, text throws(FieldError) in
            try read(&outer[keyPath: path], text)
        }
    }

    /// How a front end spells a field: as derived from the key, as written, or not at all.
    public enum Spelling: Sendable, ExpressibleByStringLiteral {
        case derived, named(String), none

        public init(stringLiteral value: String) { self = .named(value) }

        func text(derived: String) -> String? {
            switch self {
            case .derived: derived
            case .named(let text): text
            case .none: nil
            }
        }
    }

    /// `dimOthers` → `dim-others`.
    public static func kebab(_ key: String) -> String {
        key.reduce(into: "") { text, c in text += c.isUppercase ? "-\(c.lowercased())" : String(c) }
    }
}
