import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainRender

/// `--hemi` with subcortical structures, unknown regions and the head on a transparent
/// background, on the bundled atlas (skipped where AtlasData has not been built).
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct AtlasSceneOptionTests {
    static func report(_ request: SceneRequest) throws -> RenderReport {
        let scene = try AtlasScene.build(request, assets: BundledAtlas.assets!)
        let index = try GLContext(width: request.width, height: request.height).renderPickImage(scene.scene)
        return RenderReport(scene: scene, index: index, out: nil)
    }

    @Test(arguments: [("subcortical", false), ("gyri", true)])
    func oneHemisphereHidesTheOtherSidesSubcorticalStructures(atlas: String, addSubcortical: Bool) throws {
        for hemi in [SceneRequest.HemisphereChoice.left, .right] {
            let request = try AtlasViewTests.request(atlas, .medial, hemi, ["subcortical": addSubcortical ? "on" : "off"])
            let report = try Self.report(request)
            let other: Hemisphere = hemi == .left ? .right : .left
            let subcortical = report.regions.filter { $0.region.atlas == "subcortical" }
            #expect(!subcortical.isEmpty)
            #expect(subcortical.allSatisfy { $0.region.hemisphere != other }, "\(atlas) medial \(hemi)")
            if atlas == "subcortical" {
                // Midline structures stay.
                #expect(subcortical.contains { $0.region.hemisphere == .none })
                #expect(subcortical.contains { $0.region.sourceLabel == "thalamusproper" })
            }
        }
        // Views showing both hemispheres keep both sides.
        let both = try AtlasViewTests.request(atlas, atlas == "gyri" ? .inferior : .superior, nil,
                                              ["subcortical": addSubcortical ? "on" : "off"])
        let sides = Set(try Self.report(both).regions.filter { $0.region.atlas == "subcortical" }.map(\.region.hemisphere))
        #expect(sides.isSuperset(of: [.left, .right]))
    }

    @Test func subcorticalAtlasAloneFollowsTheViewsDefaultHemisphere() throws {
        // Medial with no --hemi shows the left hemisphere, so only left and midline structures.
        let report = try Self.report(try AtlasViewTests.request("subcortical", .medial, nil))
        #expect(!report.regions.isEmpty && report.regions.allSatisfy { $0.region.hemisphere != .right })
    }

    @Test func unknownHighlightIsAnUnknownRegionErrorNamingTheOption() throws {
        let request = try AtlasViewTests.request("gyri", .lateral, .left, ["highlight": "zzzz qqqq"])
        do {
            _ = try AtlasScene.build(request, assets: BundledAtlas.assets!)
            Issue.record("expected an error")
        } catch let error as RenderError {
            guard case .unknownRegion(let query, _) = error else { Issue.record("\(error)"); return }
            #expect(query == "zzzz qqqq")
            #expect(error.description.hasPrefix("highlight: 'zzzz qqqq' matches no region"))
        }
    }

    @Test func headOnATransparentBackgroundHasTheHeadsAlphaAndColor() throws {
        let request = try AtlasViewTests.request("gyri", .lateral, .left, ["head": "on", "background": "transparent"])
        let scene = try AtlasScene.build(request, assets: BundledAtlas.assets!)
        let context = try GLContext(width: request.width, height: request.height)
        let png = try PNGDecoder.decode(try scene.png(context: context))
        let index = try context.renderPickImage(scene.scene)
        let head = AtlasScene.headColor
        var headOnly = 0, brain = 0
        for y in stride(from: 0, to: request.height, by: 3) {
            for x in stride(from: 0, to: request.width, by: 3) {
                let p = png[x, y]
                if try index.id(x: x, y: y) != 0 {
                    #expect(p.a == 255)
                    brain += 1
                } else if p.a != 0 {
                    // The head surface may overlap itself (ears, nose): 1 − 0.7ⁿ.
                    #expect(p.a >= 76, "(\(x), \(y)) alpha \(p.a)")
                    if p.a <= 78 {
                        #expect(abs(Int(p.r) - Int(head.r)) <= 3 && abs(Int(p.g) - Int(head.g)) <= 3
                                && abs(Int(p.b) - Int(head.b)) <= 3, "(\(x), \(y)) \(p)")
                        headOnly += 1
                    }
                }
            }
        }
        #expect(headOnly > 100 && brain > 1000)
    }
}

/// The subcortical atlas draws the cortex as glass in every view, with or without `--hemi`.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct SubcorticalGlassTests {
    @Test func subcorticalAtlasShowsAGlassCortexByDefault() throws {
        for hemi in [nil, SceneRequest.HemisphereChoice.left] {
            let scene = try AtlasScene.build(try AtlasViewTests.request("subcortical", .lateral, hemi), assets: BundledAtlas.assets!)
            #expect(scene.layers.map(\.name) == ["pial-left", "subcortical"])
            #expect(scene.scene.layers[0].opacity < 1 && scene.scene.layers[1].opacity == 1)
            let report = try AtlasSceneOptionTests.report(scene.request)
            // Picks go through the glass to the structures.
            #expect(report.regions.contains { $0.region.sourceLabel == "putamen" })
            #expect(report.regions.allSatisfy { $0.region.atlas == "subcortical" })
        }
    }
}
