import Foundation
import Hummingbird
import Logging

/// `braintutor serve`: the HTTP API and web viewer over one long-lived engine.
///
/// Everything heavy (catalog, meshes, GL contexts) is loaded once in `init`, so requests
/// only look things up or draw.
public final class BrainTutorServer: Sendable {
    public let options: ServerOptions
    let engine: AtlasEngine
    let web: WebAssets
    let logger: Logger

    public init(options: ServerOptions, logger: Logger? = nil) throws {
        self.options = try options.validated()
        try PortProbe.check(host: self.options.host, port: self.options.port)
        var log = logger ?? Logger(label: "braintutor.serve")
        if logger == nil, let level = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap({ Logger.Level(rawValue: $0) }) {
            log.logLevel = level
        }
        self.logger = log
        let webFolder = try options.webDirectory.map { URL(fileURLWithPath: $0) } ?? WebAssets.locate()
        self.web = try WebAssets(folder: webFolder)
        self.engine = try AtlasEngine(options: self.options, logger: log)
    }

    /// Serves until SIGINT/SIGTERM (or the calling task is cancelled), then finishes the
    /// requests in flight, stops the render workers and returns.
    /// `onRunning` receives the bound port (useful with port 0).
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        // HEAD is answered for every GET route (same headers, no body).
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.middlewares.add(RequestLogMiddleware<BasicRequestContext>(logger: logger))
        Routes.register(on: router, engine: engine, web: web)
        let logger = self.logger
        let host = options.host
        var appLogger = logger
        appLogger.logLevel = max(logger.logLevel, .notice)  // our middleware already logs each request
        let app = Application(
            router: router,
            // Idle keep-alive connections are closed, so idle or stalled clients cannot hold
            // connections open for ever.
            server: RuledHTTP1Channel.builder(idleTimeout: .init(options.idleTimeout)),
            configuration: .init(address: .hostname(host, port: options.port), serverName: "braintutor"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                logger.notice("braintutor serving on http://\(host):\(port)/")
                await onRunning(port)
            },
            logger: appLogger)
        defer { engine.shutdown() }
        try await app.runService()
        logger.notice("braintutor stopped")
    }
}
