import ArgumentParser
import BrainAtlas

/// A request table's options on the command line. ArgumentParser parses the command's own
/// options (`--out`, `--json`, `--data`); everything else is collected here and read through the
/// request's field table, so an option declared in the table is an option of every command that
/// uses it, with its help generated from the same entry (`discussion`).
public struct FieldOptions: ParsableArguments {
    public init() {}

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The options listed below.", valueName: "options"))
    public var tokens: [String] = []

    /// The texts the table reads, and the tokens that are not its (checked to be `positional`
    /// arguments, none of them an unknown option).
    public func given<Request>(_ table: RequestFieldTable<Request>, positional: Int = 0,
                        command: String) throws -> (given: [String: String], rest: [String]) {
        let (given, rest) = try table.readCommandLine(tokens)
        if let unknown = rest.first(where: { $0.hasPrefix("--") }) {
            throw UnknownOption(option: unknown, command: command)
        }
        if positional == 0, let extra = rest.first { throw UnknownOption(option: extra, command: command) }
        return (given, rest)
    }

    /// The `--help` text of a table's options.
    public static func discussion<Request>(_ title: String, _ table: RequestFieldTable<Request>, defaults: Request) -> String {
        "\(title.uppercased()):\n" + table.helpText(defaults: defaults)
    }
}

/// A command-line word no option of the command reads.
public struct UnknownOption: Error, CustomStringConvertible {
    public let option: String
    public let command: String

    public init(option: String, command: String) {
        (self.option, self.command) = (option, command)
    }

    public var description: String {
        let what = option.hasPrefix("-") ? "is not an option of" : "is an argument that is not taken by"
        return "'\(FieldError.echo(option))' \(what) braintutor \(command) (see braintutor \(command) --help)"
    }
}
