import Foundation

/// The table as people read it: the command's help and the README's option tables, both
/// generated, so neither can fall behind the options the front ends accept.
extension RequestFieldTable {
    /// Each command-line option as `--help` prints it: its usage, then what it does with the
    /// default read from `defaults` (on a line of its own, so long value lists wrap cleanly).
    public func helpText(defaults: Request) -> String {
        fields.compactMap { field -> String? in
            guard let cli = field.cli else { return nil }
            return "  " + Self.usage(cli, field.form) + "\n        " + Self.description(field, defaults: defaults)
        }.joined(separator: "\n")
    }

    /// Markdown table rows: option, query key, default, what it does.
    public func markdownRows(defaults: Request) -> [String] {
        // A `|` splits a Markdown table cell even inside backticks.
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        return fields.map { field in
            let cli = field.cli.map { "`\(Self.usage($0, field.form))`" } ?? "–"
            let query = field.query.map { "`\($0)`" } ?? "–"
            let value = field.isRequired ? "required" : field.defaultText(defaults).map { "`\($0)`" } ?? "–"
            return "| \(cell(cli)) | \(query) | \(cell(value)) | \(cell(field.help)) |"
        }
    }

    static func usage(_ cli: String, _ form: RequestField<Request>.Form) -> String {
        switch form {
        case .flag: cli
        case .value(let name): "\(cli) \(name)"
        }
    }

    static func description(_ field: RequestField<Request>, defaults: Request) -> String {
        if field.isRequired { return field.help + " (required)" }
        guard let value = field.defaultText(defaults) else { return field.help }
        return field.help + " (default: \(value))"
    }
}
