import ArgumentParser
import BrainFormats
#if canImport(Glibc)
import Glibc
#endif

/// How a program ends when parsing or running a command throws: one error style for every error, the
/// commands' own and argument-parser's usage errors alike (`error: <message>` on stderr, exit status 1),
/// where argument-parser alone would print `Error:` and exit with 64.
public enum ProgramExit {
    /// Parses the command line as `root` (or one of its subcommands) and runs it; returns when it succeeds,
    /// ends the process through `exit(_:error:)` when parsing or running throws.
    public static func run(_ root: any ParsableCommand.Type) async {
        do {
            var command = try root.parseAsRoot(nil)
            if var asyncCommand = command as? any AsyncParsableCommand { try await asyncCommand.run() } else { try command.run() }
        } catch {
            exit(root, error: error)
        }
    }

    /// `run` for a program whose commands are all synchronous (`braintutor`'s): without an
    /// `async` main the concurrency runtime starts no threads, and no command is asked whether
    /// it is an `AsyncParsableCommand`, a type look-up that scans every conformance in the
    /// binary. An `AsyncParsableCommand` given here would not run its `async` body.
    public static func runSynchronously(_ root: any ParsableCommand.Type) {
        do {
            var command = try root.parseAsRoot(nil)
            try command.run()
        } catch {
            exit(root, error: error)
        }
    }

    /// Prints what `error` calls for (help on stdout; an error, its usage lines and help hint on stderr) and exits.
    public static func exit(_ root: any ParsableCommand.Type, error: any Error) -> Never {
        let code = root.exitCode(for: error)
        var text = root.fullMessage(for: error)
        if code == .success {
            if !text.isEmpty { print(text) }
            fflush(nil)
            Glibc.exit(0)
        }
        if text.hasPrefix(argumentParserPrefix) { text = "error: " + text.dropFirst(argumentParserPrefix.count) }
        if !text.isEmpty { CommandOutput.writeStderr(TextDecoding.printable(text, keepLayout: true) + (text.hasSuffix("\n") ? "" : "\n")) }
        fflush(nil)
        Glibc.exit(code == .validationFailure ? ExitCode.failure.rawValue : code.rawValue)
    }

    /// How argument-parser starts its own messages.
    static let argumentParserPrefix = "Error: "
}
