import BrainAtlas
import BrainRender
import Foundation
import Logging
import Testing
@testable import BrainServer

/// The scene cache keeps the request's drawn frame: a decorated render, its render.json and later
/// picks of the same scene share one pick pass, counted on the cached frame.
@Suite(.serialized) struct SharedFrameTests {
    @Test func aDecoratedRenderSharesItsPickPassWithLaterPicks() async throws {
        var options = ServerOptions()
        (options.workers, options.dataDirectory) = (1, TestServer.dataPath)
        let library = try AtlasLibrary.open(data: options.dataDirectory)
        let pixels = PixelBudget(capacity: options.pixelBudget, maxWaiting: options.queueCapacity, timeout: options.requestTimeout)
        let service = try RenderService(library: library, options: options, pixels: pixels, logger: Logger(label: "braintutor.test"))
        defer { service.shutdown() }
        // Small enough that the legend keeps the full framing: its framing pass is the frame's pass.
        let request = try SceneRequest(["view": "lateral", "hemi": "left", "width": "160", "height": "120",
                                        "labels": "true", "legend": "true", "orientation": "true"])
        let png = try await service.renderPNG(request)
        let report = try await service.renderReport(request)
        let pick = try await service.pick(request, pixel: try Pixel(x: 80, y: 60, width: 160, height: 120))
        let drawn = try await service.scene(request)
        #expect(!png.isEmpty && !report.regions.isEmpty && pick.region != nil)
        #expect(drawn.frame.scene.scene.framingArea == .whole)
        #expect(drawn.frame.pickPasses == 1)
        #expect(service.cacheStatistics.misses == 1 && service.cacheStatistics.hits == 3)
    }
}
