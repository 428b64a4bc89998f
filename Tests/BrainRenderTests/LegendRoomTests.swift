import BrainAtlas
import BrainImage
import Testing
@testable import BrainRender

/// `--legend` never covers anatomy: the brain is framed beside the box when the box would cover
/// it, and the passes drawn from the framed scene still agree (skipped without AtlasData).
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct LegendRoomTests {
    static let cases: [(String, ViewName, SceneRequest.HemisphereChoice?)] = [
        ("gyri", .lateral, .left), ("brodmann", .lateral, .left), ("parcels", .superior, nil), ("lobes", .anterior, nil),
    ]

    @Test(arguments: cases) func theLegendCoversNoBrainPixel(_ atlas: String, _ view: ViewName,
                                                             _ hemi: SceneRequest.HemisphereChoice?) throws {
        let request = try AtlasViewTests.request(atlas, view, hemi, ["size": "1024x768", "legend": "on", "orientation": "on"])
        let full = try AtlasScene.build(request, assets: BundledAtlas.assets!)
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(full, context: context)
        let scene = frame.scene
        let index = try frame.indexImage(context: context)
        let notes = try #require(try frame.annotations(context: context))
        let box = try #require(notes.legend?.box)
        var covered = 0
        for y in box.y..<box.maxY { for x in box.x..<box.maxX where index.ids[y * request.width + x] != 0 { covered += 1 } }
        #expect(covered == 0, "\(atlas) \(view): the legend covers \(covered) brain pixels")
        // 400 parcels fit in no legend; the others are listed whole.
        #expect((notes.legend?.hidden ?? 1) == 0 || atlas == "parcels")
        #expect(scene.scene.camera.pixelsPerMM >= LegendShape.minimumScale * full.scene.camera.pixelsPerMM)
        // The same scene supersampled keeps the framing: 2× the pixels per mm, the same centre.
        let doubled = try scene.scene.scaled(by: 2).camera
        #expect(abs(doubled.pixelsPerMM - 2 * scene.scene.camera.pixelsPerMM) < 1e-3)
        let shift = doubled.center - scene.scene.camera.center
        #expect((shift * shift).sum() < 1e-6)
    }
}

/// Below `SceneRequest.minimumLegendSide` the legend is left out, and the request says so.
@Suite struct SmallLegendTests {
    @Test func smallImagesLeaveTheLegendOutWithANote() throws {
        let small = try SceneRequest(["size": "400x300", "legend": "true"])
        #expect(!small.legend && small.legendLeftOut)
        #expect(small.notes.count == 1 && small.notes[0].contains("300 px"))
        let narrow = try SceneRequest(["size": "470x900", "legend": "true"])
        #expect(!narrow.legend)
        let enough = try SceneRequest(["size": "640x480", "legend": "true"])
        #expect(enough.legend && enough.notes.isEmpty)
        #expect(try SceneRequest(["size": "400x300"]).notes.isEmpty)
    }
}
