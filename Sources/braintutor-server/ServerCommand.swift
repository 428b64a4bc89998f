import ArgumentParser
import BrainServer
import CommandLineSupport

/// `braintutor serve`: the HTTP API and the web viewer on one long-lived engine. A program of
/// its own (`braintutor-server`, which `braintutor serve` runs), so that building `braintutor`
/// for a first render does not compile the HTTP stack. It only reads its options:
/// `ServerOptions` converts and checks them, `--data` and `--gl` are the other commands' own.
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
    @Option(name: .customLong("pixel-budget"), parsing: .unconditional,
            help: ArgumentHelp("Megapixels renders and slices may draw at once; more wait, and past --queue waiting get 503 "
                               + "(default: a twelfth of memory at \(ServerOptions.bytesPerDrawnPixel) bytes a pixel, at least one "
                               + "4096x4096 image; \(ServerOptions.defaultPixelBudget / 1_000_000) here).", valueName: "MP"))
    var pixelBudget: Int?
    @OptionGroup var data: DataOptions
    @Option(help: ArgumentHelp("Folder with the web viewer files (default: next to the executable, then the repository).",
                               valueName: "dir"))
    var web: String?
    @OptionGroup var gl: GLOptions

    @Option(name: .customLong("map"), help: ArgumentHelp("A statistical map (VMP or NIfTI) requests may overlay as overlay=NAME; repeatable.",
                                                         valueName: "NAME=FILE"))
    var maps: [String] = []

    /// Errors end as every `braintutor` command's do: one `error: …` line, exit status 1 (`ProgramExit`).
    static func main() async {
        await ProgramExit.run(Self.self)
    }

    func run() async throws {
        let server: BrainTutorServer
        do {
            var options = try ServerOptions(host: host, port: port, workers: workers, queue: queue, timeoutSeconds: timeout,
                                            idleTimeoutSeconds: idleTimeout, cacheMB: cacheMB,
                                            dataDirectory: data.dataDirectory, webDirectory: web, pixelBudgetMP: pixelBudget)
            options.glBackend = gl.choice
            if let image = data.atlasFile, let table = data.atlasTable { options.userAtlas = (image, table) }
            for map in maps { try options.addMap(map) }
            server = try BrainTutorServer(options: options)
        } catch {
            // The one error line `braintutor` commands print.
            CommandOutput.printError("\(error)")
            throw ExitCode.failure
        }
        try await server.run()
    }
}
