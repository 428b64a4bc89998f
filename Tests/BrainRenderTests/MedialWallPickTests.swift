import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainRender

/// A pick on cortex without a region says what it touched, with the vertex and point.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct MedialWallPickTests {
    static func request(_ atlas: String, _ view: ViewName) throws -> SceneRequest {
        try SceneRequest(["atlas": atlas, "view": view.rawValue, "hemi": "left", "size": "512x384", "shading": "flat"])
    }

    @Test func medialWallAnswersUnlabelledCortexWithAVertex() throws {
        // The medial view of the left hemisphere: the wall sits around the corpus callosum, mid-image.
        let request = try Self.request("gyri", .medial)
        let report = try RenderJobs.pick(request, data: nil, x: 256, y: 200)
        #expect(report.region == nil)
        #expect(report.surface == "unlabelled cortex (medial wall)")
        let vertex = try #require(report.vertex)
        let gyriLeft = try BundledAtlas.assets!.library.atlas(named: "gyri").surfaceLabels(.left)
        #expect(gyriLeft.regionIds[vertex] == 0)
        #expect(abs(try #require(report.mni)[0]) < 12, "the wall lies near the midline")
        let object = try #require(try JSONSerialization.jsonObject(with: BrainJSON.encode(report)) as? [String: Any])
        #expect(object["region"] is NSNull && object["surface"] as? String == "unlabelled cortex (medial wall)")
        // The same pixel drawn by the GL pick pass answers the same.
        let drawn = try RenderJobs.pick(request, data: nil, x: 256, y: 200, decideOnCPU: false)
        #expect(try BrainJSON.encode(drawn) == BrainJSON.encode(report))
    }

    @Test func offTheBrainAndOnARegionHaveNoSurface() throws {
        let request = try Self.request("gyri", .lateral)
        let off = try RenderJobs.pick(request, data: nil, x: 2, y: 2)
        #expect(off.region == nil && off.surface == nil && off.vertex == nil)
        let on = try RenderJobs.pick(request, data: nil, x: 256, y: 192)
        #expect(on.region != nil && on.surface == nil)
        // The sulci atlas leaves the gyral crowns unlabelled: that is not the medial wall.
        var crown: PickReport?
        for x in stride(from: 64, to: 448, by: 8) where crown == nil {
            let p = try RenderJobs.pick(Self.request("sulci", .lateral), data: nil, x: x, y: 150)
            if p.region == nil && p.vertex != nil { crown = p }
        }
        #expect(try #require(crown).surface == "cortex outside this atlas's regions")
    }
}
