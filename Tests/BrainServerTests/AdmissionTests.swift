import BrainRender
import BrainSlice
import Foundation
import Testing
@testable import BrainServer

/// Admission control end to end: with the pixel budget full and its wait queue taken, a render and
/// a slice get 503 with `Retry-After`; the waiting render is drawn once room comes back.
@Suite(.serialized) struct AdmissionTests {
    @Test func aFullPixelBudgetAnswers503WithRetryAfter() async throws {
        let server = try await TestServer.start { options in
            options.queueCapacity = 1
            options.pixelBudget = 1_000_000
        }
        defer { server.task.cancel() }
        let budget = server.engine.pixels
        // The whole budget held, as renders in flight would hold it.
        let held = try await budget.acquire(budget.capacity)
        let waiting = Task { try await server.get("/api/render?w=200&h=150&aa=off") }
        try await waitUntil("the render waits for room") { budget.load.waiting == 1 }
        let refused = try await server.get("/api/render?w=210&h=150&aa=off")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.errorMessage?.contains("pixel budget full") == true, "\(refused.errorMessage ?? "")")
        let slice = try await server.get("/api/slice?plane=axial&index=100")
        #expect(slice.status == 503)
        #expect(slice.header("Retry-After") == "1")
        let pixels = try await server.health()["pixels"] as? [String: Any]
        #expect(pixels?["inFlight"] as? Int == 1_000_000)
        #expect(pixels?["budget"] as? Int == 1_000_000)
        #expect(pixels?["waiting"] as? Int == 1)
        #expect(pixels?["refused"] as? Int == 2)
        budget.release(held)
        let drawn = try await waiting.value
        #expect(drawn.status == 200)
        #expect(drawn.contentType == "image/png")
        try await waitUntil("the render gave its pixels back") { budget.load.inUse == 0 }
    }

    @Test func aRenderIsChargedThePixelsItsLargestPassDraws() throws {
        // Lit renders are supersampled 2×2, flat ones never, and no pass goes past the image side limit.
        #expect(try SceneRequest(["size": "300x200"]).drawnPixels == 600 * 400)
        #expect(try SceneRequest(["size": "300x200", "shading": "flat"]).drawnPixels == 300 * 200)
        #expect(try SceneRequest(["size": "300x200", "aa": "off"]).drawnPixels == 300 * 200)
        #expect(try SceneRequest(["size": "4096x4096"]).drawnPixels == 4096 * 4096)
        #expect(try SceneRequest(["size": "3000x1000"]).drawnPixels == 3000 * 1000)
    }

    @Test func theDefaultBudgetLetsTheLargestImageRun() {
        #expect(ServerOptions.defaultPixelBudget >= 4096 * 4096)
        #expect(ServerOptions().pixelBudget == ServerOptions.defaultPixelBudget)
        #expect(throws: ServerSetupError.self) {
            try ServerOptions(host: "127.0.0.1", port: 0, workers: 1, queue: 1, timeoutSeconds: 1, idleTimeoutSeconds: 1,
                              cacheMB: 1, dataDirectory: nil, webDirectory: nil, pixelBudgetMP: 0)
        }
    }
}
