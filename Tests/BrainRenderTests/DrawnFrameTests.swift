import BrainAtlas
import BrainImage
import Testing
@testable import BrainRender

/// One frame per request: the decorated render, its `--json` report and picks share one pick pass
/// (counted on the frame), and what they answer agrees with a pass drawn on its own.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct DrawnFrameTests {
    static func request(size: (Int, Int), labels: Bool = true, legend: Bool = true) throws -> SceneRequest {
        try AtlasViewTests.request("gyri", .lateral, .left, ["size": "\(size.0)x\(size.1)", "labels": labels ? "on" : "off",
                                                             "legend": legend ? "on" : "off", "orientation": "on"])
    }

    /// Render + labels + legend + json + a pick: the PNG, the report and the pick read one pass.
    /// A legend that keeps the full framing is measured on the frame's own pass (1 in all); one
    /// that moves the brain needs the pass at the full framing to know where the brain was, then
    /// the frame's own (2).
    @Test(arguments: [(1024, 768), (160, 120), (320, 240)])
    func aDecoratedRenderDrawsItsPickPassOnce(_ size: (Int, Int)) throws {
        let request = try Self.request(size: size)
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let moved = frame.scene.scene.framingArea != .whole
        _ = try frame.png(context: context)
        let report = try frame.report(context: context, out: nil)
        let index = try frame.indexImage(context: context)
        let pick = try frame.scene.pickReport(index: index, x: request.width / 2, y: request.height / 2, library: nil)
        #expect(frame.pickPasses == (moved ? 2 : 1), "\(size): \(frame.pickPasses) pick passes, framing moved: \(moved)")
        // The shared pass is the framed scene's own.
        #expect(index.ids == (try context.renderPickImage(frame.scene.scene)).ids)
        #expect(!report.regions.isEmpty)
        #expect(pick.region?.base == frame.scene.target(id: try index.id(x: request.width / 2, y: request.height / 2))?.region)
    }

    @Test func labelsAndJSONWithoutALegendDrawOnePickPass() throws {
        let request = try Self.request(size: (640, 480), legend: false)
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        _ = try frame.png(context: context)
        _ = try frame.report(context: context, out: nil)
        _ = try frame.annotations(context: context)
        #expect(frame.pickPasses == 1)
    }

    /// The PNG is made once too: asking again gives the same bytes without drawing.
    @Test func theColorImageIsDrawnOnce() throws {
        let request = try Self.request(size: (320, 240))
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let first = try frame.image(context: context)
        let passes = frame.pickPasses
        #expect(try frame.image(context: context).rgba == first.rgba)
        #expect(frame.pickPasses == passes)
    }
}
