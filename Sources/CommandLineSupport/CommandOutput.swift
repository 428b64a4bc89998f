import ArgumentParser
import BrainAtlas
import BrainFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shared printing for commands: JSON on stdout, `error: <message>` on stderr with a non-zero
/// exit; with `--json` the error is also written to stdout as `{"error": …}` (every command alike).
public enum CommandOutput {
    /// Prints `value` as pretty JSON (sorted keys), the same encoding the server uses.
    public static func printJSON<T: Encodable>(_ value: T) throws {
        print(try BrainJSON.string(value, pretty: true))
    }

    /// What a `--json` command prints on stdout when it fails: `{"error"}`, plus `suggestions`
    /// where the command has them (`info`).
    public struct JSONError: Encodable {
        let error: String
        let suggestions: [Region]?
    }

    /// Runs `body`; any error is printed as `error: <message>` (fields spelled as options) and
    /// turned into exit code 1 (argument-parser's own usage errors keep their format and code).
    public static func run(json: Bool = false, suggestions: (any Error) -> [Region]? = { _ in nil },
                    _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch let error as ValidationError {
            throw error
        } catch {
            let message = CLIWording.message(error)
            if json { try? printJSON(JSONError(error: message, suggestions: suggestions(error))) }
            printError(message)
            throw ExitCode.failure
        }
    }

    /// Writes `error: <message>` to stderr, control bytes escaped (`TextDecoding.printable`): messages
    /// quote file names and file contents, which must not drive the terminal.
    public static func printError(_ message: String) {
        writeStderr("error: \(TextDecoding.printable(message, keepLayout: true))\n")
    }

    /// Writes a line to stderr (suggestions, notes) without touching stdout, control bytes escaped.
    public static func printNote(_ message: String) {
        writeStderr(TextDecoding.printable(message, keepLayout: true) + "\n")
    }

    // write(2) rather than the C `stderr` global, which Swift 6 treats as shared mutable state.
    public static func writeStderr(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
