import ArgumentParser
import BrainAtlas
import BrainFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shared printing for commands: JSON on stdout, `error: <message>` on stderr with a non-zero exit.
enum CommandOutput {
    /// Prints `value` as pretty JSON (sorted keys), the same encoding the server uses.
    static func printJSON<T: Encodable>(_ value: T) throws {
        print(try BrainJSON.string(value, pretty: true))
    }

    /// Runs `body`; any error is printed as `error: <message>` and turned into exit code 1
    /// (argument-parser's own usage errors keep their format and code).
    static func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch let error as ValidationError {
            throw error
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
    }

    /// Writes `error: <message>` to stderr.
    static func printError(_ message: String) {
        writeStderr("error: \(message)\n")
    }

    /// Writes a line to stderr (suggestions, notes) without touching stdout.
    static func printNote(_ message: String) {
        writeStderr(message + "\n")
    }

    // write(2) rather than the C `stderr` global, which Swift 6 treats as shared mutable state.
    private static func writeStderr(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
