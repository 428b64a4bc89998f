import ArgumentParser
import BrainRender
import BrainServer
#if canImport(Glibc)
import Glibc
#endif

/// `braintutor serve`: the HTTP API and the web viewer on one long-lived engine. A program of
/// its own (`braintutor-server`, which `braintutor serve` runs), so that building `braintutor`
/// for a first render does not compile the HTTP stack.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "braintutor serve",
        abstract: "Serve the JSON/PNG API and the web viewer (http://HOST:PORT/).",
        discussion: "Renders run on --workers threads, each owning one GL context; a full queue answers 503. "
            + "Stops gracefully on SIGINT/SIGTERM.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(parsing: .unconditional, help: "TCP port (0: any free port, printed at start).") var port = 8080
    @Option(parsing: .unconditional, help: "Render worker threads (default: one per core, at most 4).") var workers: Int?
    @Option(parsing: .unconditional, help: "Render jobs allowed to wait before requests get 503.") var queue = 64
    @Option(parsing: .unconditional, help: "Seconds a render or slice may take (waiting plus drawing) before the request gets 503.") var timeout = 10.0
    @Option(name: .customLong("idle-timeout"), parsing: .unconditional, help: "Seconds an idle keep-alive connection stays open.") var idleTimeout = 30.0
    @Option(name: .customLong("cache-mb"), parsing: .unconditional, help: "Megabytes of rendered scenes kept for repeated views and picks.")
    var cacheMB = 256
    @Option(name: .customLong("data"), help: ArgumentHelp("AtlasData folder (default: $BRAINTUTOR_DATA, "
        + "AtlasData next to the executable or in a parent folder, then the repository).", valueName: "dir"))
    var dataDirectory: String?
    @Option(help: ArgumentHelp("Folder with the web viewer files (default: next to the executable, then the repository).",
                               valueName: "dir"))
    var web: String?
    @Option(name: .customLong("gl"), help: ArgumentHelp(GLBackend.optionHelp, valueName: "backend"))
    var gl: String?

    @Option(name: .customLong("map"), help: ArgumentHelp("A statistical map (VMP or NIfTI) requests may overlay as overlay=NAME; repeatable.",
                                                         valueName: "NAME=FILE"))
    var maps: [String] = []

    func run() async throws {
        if let gl {
            do { try GLBackend.force(gl, source: "--gl") } catch { throw ValidationError("\(error)") }
        }
        var options = ServerOptions()
        options.host = host
        options.port = port
        if let workers { options.workers = workers }
        options.queueCapacity = queue
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout: \(timeout) is outside (0, 3600] seconds")
        }
        options.requestTimeout = .milliseconds(Int(timeout * 1000))
        guard idleTimeout.isFinite, idleTimeout > 0, idleTimeout <= 86400 else {
            throw ValidationError("--idle-timeout: \(idleTimeout) is outside (0, 86400] seconds")
        }
        options.idleTimeout = .milliseconds(Int(idleTimeout * 1000))
        guard (0...65536).contains(cacheMB) else { throw ValidationError("--cache-mb: \(cacheMB) is outside 0…65536") }
        options.cacheBytes = cacheMB << 20
        options.dataDirectory = dataDirectory
        options.webDirectory = web
        let server: BrainTutorServer
        do {
            for map in maps { try options.addMap(map) }
            server = try BrainTutorServer(options: options)
        } catch {
            // The one error line `braintutor` commands print.
            var line = "error: \(error)\n"
            line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
            throw ExitCode.failure
        }
        try await server.run()
    }
}
