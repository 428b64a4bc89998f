import BrainFormats
import BrainMaps
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

    /// Cluster tables run on their own worker, one at a time: with it busy (as a long cluster-alpha table keeps
    /// it), the next table waits, one more past the queue is a 503 with `Retry-After`, look-ups still answer, and
    /// the waiting table is the library's own once the worker is free.
    @Test func clusterTablesQueueForTheirWorker() async throws {
        let map = MapClusterRouteTests.blobs.path
        let server = try await TestServer.start { options in
            options.queueCapacity = 1
            options.maps = ["blobs": map]
        }
        defer { server.task.cancel() }
        let pool = server.engine.clusterPool
        let gate = DispatchSemaphore(value: 0)
        let holder = Task { try await pool.run(timeout: .seconds(900)) { _ in gate.wait() } }
        try await waitUntil("the cluster worker is held") { pool.load.running == AtlasEngine.clusterWorkers }
        let query = "threshold=2&twoSided=true"
        let waiting = Task { try await server.get("/api/clusters/blobs?" + query) }
        try await waitUntil("the table waits for the worker") { pool.load.waiting == 1 }
        let lookUp = try await server.get("/api/where?x=-38&y=-22&z=56")
        #expect(lookUp.status == 200, "\(lookUp.errorMessage ?? "")")
        let refused = try await server.get("/api/clusters/blobs?threshold=3")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        gate.signal()
        try await holder.value
        let answered = try await waiting.value
        #expect(answered.status == 200, "\(answered.errorMessage ?? "")")
        let q = try QueryParameters(rawQuery: query)
        let request = try MapClusterRequest(try q.given(MapClusterRequest.listingFields), table: MapClusterRequest.listingFields)
        let library = try BrainJSON.encode(try ClusterRoutes.report(map, request, library: server.engine.library))
        #expect(answered.body == library)
        #expect((answered.json as? [String: Any])?["clusters"] as? [Any] != nil)
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
