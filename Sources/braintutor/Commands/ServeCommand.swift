import ArgumentParser
import CommandLineSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `braintutor serve`: runs `braintutor-server` (built beside `braintutor`) with the same
/// arguments. The HTTP stack lives in that program so that building `braintutor` for a render
/// does not compile it.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the JSON/PNG API and the web viewer (http://HOST:PORT/); see `braintutor serve --help`.")

    @Argument(parsing: .captureForPassthrough, help: "Options of braintutor-server (--host, --port, --workers, …).")
    var arguments: [String] = []

    static let serverName = "braintutor-server"

    func run() throws {
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let server = own.deletingLastPathComponent().appendingPathComponent(Self.serverName).path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            CommandOutput.printError("\(server) is missing: `braintutor serve` runs it; build it with "
                + "`swift build --product \(Self.serverName)` (plain `swift build` builds both)")
            throw ExitCode.failure
        }
        let argv = [server] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(server, &cArguments)
        CommandOutput.printError("cannot run \(server): \(String(cString: strerror(errno)))")
        throw ExitCode.failure
    }
}
