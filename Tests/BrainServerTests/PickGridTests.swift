import BrainFormats
import BrainRender
import Foundation
import Testing
@testable import BrainServer

/// The server's picks ray-cast only the triangles its per-scene grid lists under the pixel; they must
/// give exactly the answer of the search over the picked region's every triangle, at every pixel.
@Suite struct PickGridTests {
    @Test(arguments: ["atlas=gyri&view=lateral&hemi=left", "atlas=lobes&view=superior&hemi=both&surface=inflated",
                      "atlas=gyri&view=medial&hemi=right&subcortical=true&legend=true"])
    func gridPicksEqualWholeRegionPicks(_ query: String) async throws {
        let server = try await TestServer.shared.value
        let engine = server.engine
        let request = try QueryParameters(rawQuery: query + "&w=500&h=520").sceneRequest(engine: engine)
        let drawn = try await engine.renderer.scene(request)
        var regions = Set<String>()
        var compared = 0
        // Every 23rd pixel both ways (prime to the 16-pixel tiles, so every offset within a tile comes
        // up): tile edges, region borders and the background all get crossed.
        for y in stride(from: 0, to: request.height, by: 23) {
            for x in stride(from: 0, to: request.width, by: 23) {
                let pixel = try Pixel(x: x, y: y, width: request.width, height: request.height)
                let whole = try drawn.scene.pickReport(index: drawn.index, pixel: pixel, library: engine.library)
                let fast = try drawn.scene.pickReport(index: drawn.index, pixel: pixel, library: engine.library, grid: drawn.grid)
                let a = try BrainJSON.encode(whole), b = try BrainJSON.encode(fast)
                #expect(a == b, "pixel \(x), \(y): \(String(decoding: a, as: UTF8.self)) vs \(String(decoding: b, as: UTF8.self))")
                if let region = whole.region { regions.insert("\(region.base.atlas) \(region.base.id)") }
                compared += 1
            }
        }
        #expect(compared > 400)
        #expect(regions.count >= 8, "\(regions.sorted())")
        #expect(drawn.grid.bytes > 0)
    }
}
