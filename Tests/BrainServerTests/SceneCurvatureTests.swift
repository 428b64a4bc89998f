import BrainAtlas
import BrainRender
import Foundation
import Testing
@testable import BrainServer

/// Curvature in the viewer's scene data: the mesh and labels bodies carry the per-vertex
/// convexity the renderer draws, the scene JSON says which layers shade it and how strongly,
/// and a bad `curvature=` names the query key. Needs AtlasData with curvature greys.
@Suite(.serialized) struct SceneCurvatureTests {
    let assets: SceneAssets

    init() throws {
        assets = SceneAssets(library: try AtlasLibrary(root: URL(fileURLWithPath: TestServer.dataPath)))
    }

    @Test func meshAndLabelsBodiesCarryTheDrawnCurvature() async throws {
        let server = try await TestServer.shared.value
        let mesh = try assets.mesh(.cortex(.inflated, .left))
        let expected = try #require(mesh.curvature, "AtlasData predates curvature greys: rebuild with build-atlas")
        let body = try SceneDataTests.Body(try await server.get("/api/mesh/inflated-left").body)
        // Convexity as u8: 0 = −1 … 255 = +1, within half a step of the renderer's.
        #expect(body.arrays["curvature"]?.type == "u8")
        let sent = body.uints("curvature")
        #expect(sent.count == expected.count)
        #expect(zip(sent, expected).allSatisfy { abs(Float($0) / 127.5 - 1 - $1) <= 0.5 / 127.5 + 1e-6 })
        // Meshes without curvature send none.
        for name in ["head", "subcortical"] {
            #expect(try SceneDataTests.Body(try await server.get("/api/mesh/\(name)").body).arrays["curvature"] == nil)
        }
        // Split borders: the client makes the split vertices' convexity from the mesh's (the
        // labels body carries no geometry).
        let labels = try SceneDataTests.Body(try await server.get("/api/labels/gyri/inflated-left").body)
        #expect(labels.header["geometry"] as? String == "split")
        #expect(labels.arrays["curvature"] == nil)
    }

    @Test func sceneJSONSaysWhichLayersAreShaded() async throws {
        let server = try await TestServer.shared.value
        func layers(_ query: String) async throws -> ([[String: Any]], [String: Any]) {
            let reply = try await server.get("/api/scene?\(query)")
            #expect(reply.status == 200, "\(query): \(reply.errorMessage ?? "")")
            let scene = try #require(reply.json as? [String: Any])
            return (try #require(scene["layers"] as? [[String: Any]]), try #require(scene["curvatureShading"] as? [String: Any]))
        }
        let (inflated, strengths) = try await layers("atlas=gyri&surface=inflated&hemi=left")
        #expect(inflated.map { $0["curvature"] as? Bool } == [true])
        #expect((strengths["sulcus"] as? Double).map(Float.init) == CurvatureShading.standard.sulcus)
        #expect((strengths["gyrus"] as? Double).map(Float.init) == CurvatureShading.standard.gyrus)
        #expect(try await layers("atlas=gyri&hemi=left").0.map { $0["curvature"] as? Bool } == [false])
        #expect(try await layers("atlas=gyri&hemi=left&curvature=on").0.map { $0["curvature"] as? Bool } == [true])
        #expect(try await layers("atlas=gyri&surface=inflated&view=superior&curvature=off").0
            .map { $0["curvature"] as? Bool } == [false, false])
        // The head and subcortical structures have no folding to shade.
        let withHead = try await layers("atlas=gyri&hemi=left&head=true&subcortical=true&curvature=on").0
        #expect(withHead.map { $0["curvature"] as? Bool } == [true, false, false])
    }

    @Test func pialMeshBodyAndSceneJSONCarryTheAmbientOcclusion() async throws {
        let server = try await TestServer.shared.value
        let expected = try #require(try assets.mesh(.cortex(.pial, .left)).occlusion, "AtlasData predates occlusion: rebuild it")
        let body = try SceneDataTests.Body(try await server.get("/api/mesh/pial-left").body)
        // Openness as u8: 0 … 255 = 1, within half a step of the renderer's.
        let sent = body.uints("occlusion")
        #expect(sent.count == expected.count)
        #expect(zip(sent, expected).allSatisfy { abs(Float($0) / 255 - $1) <= 0.5 / 255 + 1e-6 })
        #expect(try SceneDataTests.Body(try await server.get("/api/mesh/inflated-left").body).arrays["occlusion"] == nil)
        func flags(_ query: String) async throws -> [Bool?] {
            let scene = try #require(try await server.get("/api/scene?\(query)").json as? [String: Any])
            #expect((scene["occlusionStrength"] as? Double).map(Float.init) == AmbientOcclusion.strength)
            return try #require(scene["layers"] as? [[String: Any]]).map { $0["occlusion"] as? Bool }
        }
        #expect(try await flags("atlas=gyri&hemi=left&head=true") == [true, false])
        #expect(try await flags("atlas=gyri&hemi=left&ao=off") == [false])
        #expect(try await flags("atlas=gyri&hemi=left&surface=inflated") == [false])
    }

    @Test func badCurvatureValueNamesTheQueryKey() async throws {
        let server = try await TestServer.shared.value
        for path in ["/api/render?curvature=maybe", "/api/scene?curvature=maybe", "/api/pick?x=1&y=1&curvature=maybe"] {
            let reply = try await server.get(path)
            #expect(reply.status == 400, "\(path)")
            #expect(reply.errorMessage == "curvature: 'maybe' is not on or off", "\(path)")
        }
    }
}
