import Foundation
import Testing

/// `/healthz` names the GL backend the render workers draw with: the forced one when
/// `BRAINTUTOR_GL` is set (the test script runs this suite again with `egl`), and the workers
/// really draw with it.
struct GLHealthTests {
    @Test func healthzReportsTheBackendTheWorkersDrawWith() async throws {
        let server = try await TestServer.shared.value
        #expect(try await server.get("/api/render?atlas=gyri&view=lateral&w=64&h=48").status == 200)
        let body = try #require(try await server.get("/healthz").json as? [String: Any])
        let gl = try #require(body["gl"] as? String)
        #expect(["osmesa", "egl"].contains(gl))
        if let forced = ProcessInfo.processInfo.environment["BRAINTUTOR_GL"], !forced.isEmpty {
            #expect(gl == forced.lowercased())
        }
    }
}
