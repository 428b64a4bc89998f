import Foundation
import Hummingbird
import Logging
import Testing
@testable import BrainServer

/// docs/SERVER.md's endpoint table is `Endpoint.all`, and the router serves exactly those
/// endpoints (besides the viewer's files): a route added without its row, or a row without its
/// route, fails here. `BRAINTUTOR_WRITE_OPTIONS=1` writes the table, as it does the option tables.
@Suite(.serialized) struct EndpointTableTests {
    @Test func serverDocsListEveryEndpoint() throws {
        let url = OptionTablesTests.root.appendingPathComponent("docs/SERVER.md")
        var text = try String(contentsOf: url, encoding: .utf8)
        let open = "<!-- endpoints -->", close = "<!-- /endpoints -->"
        let start = try #require(text.range(of: open), "docs/SERVER.md has no \(open) block")
        let end = try #require(text.range(of: close, range: start.upperBound..<text.endIndex))
        let block = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let expected = Endpoint.markdownRows
        if ProcessInfo.processInfo.environment["BRAINTUTOR_WRITE_OPTIONS"] == "1", block != expected {
            text.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n" + expected.joined(separator: "\n") + "\n")
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(block == expected, "docs/SERVER.md's endpoints should read:\n\(expected.joined(separator: "\n"))")
    }

    @Test func routerServesExactlyTheListedEndpoints() throws {
        var options = ServerOptions()
        options.dataDirectory = TestServer.dataPath
        options.workers = 1
        let engine = try AtlasEngine(options: try options.validated(), logger: Logger(label: "braintutor.test"))
        defer { engine.shutdown() }
        let router = Router(context: BasicRequestContext.self)
        Routes.register(on: router, engine: engine, web: try WebAssets(folder: WebAssets.locate()))
        let served = Set(router.routes.filter { $0.method == .get }.map { "\($0.path)" })
        let files = Set(["/"] + WebAssets.files.map { "/" + $0.name })
        let listed = Endpoint.all.map(\.path)
        #expect(Set(listed).count == listed.count, "an endpoint is listed twice")
        #expect(served.subtracting(files) == Set(listed))
        // Every endpoint refuses writes the same way (405), so none was registered as a bare GET.
        for endpoint in Endpoint.all {
            let methods = Set(router.routes.filter { "\($0.path)" == endpoint.path }.map(\.method))
            #expect(methods.isSuperset(of: Router<BasicRequestContext>.refusedMethods), "\(endpoint.path)")
        }
    }
}
