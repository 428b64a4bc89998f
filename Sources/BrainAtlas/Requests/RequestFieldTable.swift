/// A request kind's fields in one table, and the one way each front end reads values through
/// it: command-line tokens (`readCommandLine`) and query parameters (`readQuery`) both become
/// texts by field key, which `read` stores into a request in the table's order.
public struct RequestFieldTable<Request>: Sendable {
    public let fields: [RequestField<Request>]

    public init(_ fields: [RequestField<Request>]) {
        self.fields = fields
    }

    /// The field with this key, command-line option (`--dim-others`) or query key (`dimOthers`).
    public func field(key: String) -> RequestField<Request>? { fields.first { $0.key == key } }
    public func field(cli: String) -> RequestField<Request>? { fields.first { $0.cli == cli } }
    public func field(query: String) -> RequestField<Request>? { fields.first { $0.query == query } }

    /// Every query key the table reads.
    public var queryKeys: Set<String> { Set(fields.compactMap(\.query)) }

    /// Stores each given text (by field key) into `request`, in table order; a bad value, or a
    /// missing required field when `request` is being made rather than changed, is the error.
    package func read(_ given: [String: String], into request: inout Request, changing: Bool = false) throws(FieldError) {
        for field in fields {
            if let text = given[field.key] {
                try field.read(&request, text)
            } else if field.isRequired && !changing {
                throw FieldError(field.key, "missing")
            }
        }
    }

    /// Splits command-line tokens into the table's texts (by field key) and the tokens that are
    /// not the table's (positional arguments, or unknown options for the command to refuse).
    /// `--name VALUE`, `--name=VALUE` and, for flags, `--name` alone; a field given twice is an error.
    public func readCommandLine(_ tokens: [String]) throws(FieldError) -> (given: [String: String], rest: [String]) {
        var given: [String: String] = [:]
        var rest: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            let (name, inline) = Self.split(token)
            guard name.hasPrefix("--"), let field = field(cli: name) else {
                rest.append(token)
                continue
            }
            let text: String
            if let inline {
                text = inline
            } else if field.form == .flag {
                text = "on"
            } else {
                guard index < tokens.count else { throw FieldError(field.key, "needs a value") }
                text = tokens[index]
                index += 1
            }
            guard given.updateValue(text, forKey: field.key) == nil else { throw FieldError(field.key, "is given twice") }
        }
        return (given, rest)
    }

    /// The table's texts (by field key) from query parameters (by query key); keys the table does
    /// not read are left for the endpoint to allow or refuse.
    public func readQuery(_ parameters: [String: String]) -> [String: String] {
        var given: [String: String] = [:]
        for field in fields {
            if let query = field.query, let text = parameters[query] { given[field.key] = text }
        }
        return given
    }

    private static func split(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }
}
