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

    /// The build that puts the server beside `program`: a release `braintutor` (the quick start's, or
    /// `Scripts/release-build.sh`'s) finds only a release server, built with the same flags.
    static func buildCommand(for program: URL) -> String {
        program.deletingLastPathComponent().lastPathComponent == "release"
            ? "swift build -c release --static-swift-stdlib --product \(serverName)"
            : "swift build --product \(serverName)"
    }

    func run() throws {
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let server = own.deletingLastPathComponent().appendingPathComponent(Self.serverName).path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            let asked = arguments.contains { $0 == "--help" || $0 == "-h" } ? "its options (--help) are those of" : "it runs"
            CommandOutput.printError("\(Self.serverName) is not built yet: `braintutor serve` is a second program and "
                + "\(asked) \(server). Build it from the repository with `\(Self.buildCommand(for: own))`; it lands beside this braintutor")
            throw ExitCode.failure
        }
        let argv = [server] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(server, &cArguments)
        CommandOutput.printError("cannot run \(server): \(String(cString: strerror(errno)))")
        throw ExitCode.failure
    }
}
