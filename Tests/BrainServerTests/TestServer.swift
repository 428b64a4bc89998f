import BrainAtlas
import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import BrainServer

/// A real `braintutor serve` on a free loopback port, over the repository's AtlasData,
/// plus a tiny HTTP client for the tests.
struct TestServer: Sendable {
    let port: Int
    let task: Task<Void, any Error>
    /// The server's engine, for tests that hold its budgets or read its counters directly.
    let engine: AtlasEngine

    /// The repository root, from this file's path (Tests/BrainServerTests/TestServer.swift).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var dataPath: String { repository.appendingPathComponent("AtlasData").path }

    /// One server shared by the read-only tests, started on first use.
    static let shared = Task { try await TestServer.start() }

    static func start(configure: (inout ServerOptions) -> Void = { _ in }) async throws -> TestServer {
        var options = ServerOptions()
        options.port = 0
        options.workers = 2
        options.dataDirectory = dataPath
        // Tests run side by side on a machine that may be slow or busy: a render can wait in the
        // queue far longer than a user would be made to, and only the tests about timeouts set one.
        options.requestTimeout = .seconds(900)
        configure(&options)
        var logger = Logger(label: "braintutor.test")
        logger.logLevel = .warning  // one line per request would drown the test output
        let server = try BrainTutorServer(options: options, logger: logger)
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let task = Task { try await server.run { port in portSink.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw URLError(.cannotConnectToHost) }
        return TestServer(port: port, task: task, engine: server.engine)
    }

    struct Reply: Sendable {
        let status: Int
        let contentType: String
        let body: Data
        var headers: [String: String] = [:]
        var json: Any? { try? JSONSerialization.jsonObject(with: body) }
        var errorMessage: String? { (json as? [String: Any])?["error"] as? String }
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    func get(_ pathAndQuery: String) async throws -> Reply {
        try await Self.get(port: port, pathAndQuery)
    }

    func send(_ method: String, _ pathAndQuery: String) async throws -> Reply {
        try await Self.get(port: port, pathAndQuery, method: method)
    }

    /// The server's counters (`/healthz`).
    func health() async throws -> [String: Any] {
        try await (get("/healthz").json as? [String: Any]) ?? [:]
    }

    static func get(port: Int, _ pathAndQuery: String, method: String = "GET") async throws -> Reply {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        // As long as the whole run may take: a hung server fails the run at the test command's bound.
        request.timeoutInterval = 2400
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return Reply(status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type") ?? "",
                     body: data, headers: http.allHeaderFields as? [String: String] ?? [:])
    }
}

/// JSON compared as values (key order and number spelling do not matter).
func sameJSON(_ a: Data, _ b: Data) -> Bool {
    guard let x = try? JSONSerialization.jsonObject(with: a), let y = try? JSONSerialization.jsonObject(with: b) else {
        return false
    }
    return NSDictionary(dictionary: ["v": x]).isEqual(to: ["v": y])
}
