import BrainAtlas
import Foundation
import Testing
@testable import BrainServer

/// The WebGL viewer's slicing-mode data: `/api/scene` with `planes=` describes the cut head and
/// the planes, `/api/plane/…` carries each plane's texels (whose ids are what `where` answers at
/// the texel's voxel) and `/api/plane-palette/…` the region tints; bad planes are refused with
/// the `planes` field named.
@Suite(.serialized) struct PlaneDataTests {
    typealias Body = SceneDataTests.Body

    @Test func sceneDescribesTheCutHeadAndThePlanes() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/scene?atlas=gyri&planes=-30,-12,8&subcortical=true&w=300&h=200")
        #expect(reply.status == 200, "\(reply.errorMessage ?? "")")
        let scene = try #require(reply.json as? [String: Any])
        let layers = try #require(scene["layers"] as? [[String: Any]])
        #expect(layers.map { $0["name"] as? String } == ["subcortical", "head"])
        #expect(layers.map { $0["cut"] as? Bool } == [false, true])
        let planes = try #require(scene["planes"] as? [String: Any])
        #expect(planes["positions"] as? [String: Int] == ["sagittal": -30, "coronal": -12, "axial": 8])
        // Plane pick ids follow every mesh range: one block of ids per plane.
        let lastMesh = try #require(layers.last)
        let afterMeshes = try #require(lastMesh["firstPickId"] as? Int) + ((lastMesh["ranges"] as? [Any])?.count ?? 0)
        let first = try #require(planes["firstPickIds"] as? [String: Int])
        let idCount = try #require(planes["idCount"] as? Int)
        #expect(first == ["sagittal": afterMeshes, "coronal": afterMeshes + idCount, "axial": afterMeshes + 2 * idCount])
        let regions = try #require(planes["regions"] as? [Any])
        #expect(regions.count == idCount && regions.first is NSNull)
        // The query's camera (the left lateral view) looks along +x: the cut takes the −x side.
        let cut = try #require(planes["cut"] as? [String: [Double]])
        #expect(cut["corner"] == [-30, -12, 8])
        #expect(cut["side"]?[0] == -1)
        let shaders = try #require(scene["shaders"] as? [String: String])
        #expect(shaders["plane.vert"] != nil && shaders["plane.frag"] != nil)
    }

    @Test func planeIdsAreWhatWhereAnswers() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/plane/gyri/coronal/-20")
        #expect(reply.status == 200)
        let body = try Body(reply.body)
        let h = body.header
        #expect(h["kind"] as? String == "plane" && h["position"] as? Int == -20)
        let width = try #require(h["width"] as? Int), height = try #require(h["height"] as? Int)
        let uLow = try #require(h["uLow"] as? Int), vLow = try #require(h["vLow"] as? Int)
        #expect(h["axes"] as? [Int] == [0, 2])
        #expect(width > 100 && height > 100 && width <= 256 && height <= 256)
        let ids = try #require(body.arrays["ids"]?.data), grey = try #require(body.arrays["grey"]?.data)
        #expect(ids.count == 4 * width * height && grey.count == 2 * width * height)
        var named = 0, checked = 0
        for j in stride(from: height / 8, to: height, by: height / 8) {
            for i in stride(from: width / 8, to: width, by: width / 8) {
                let k = 4 * (j * width + i)
                let id = Int(ids[ids.startIndex + k]) | Int(ids[ids.startIndex + k + 1]) << 8
                let mni = [uLow + i, -20, vLow + j]
                let whereReply = try await server.get("/api/where?x=\(mni[0])&y=\(mni[1])&z=\(mni[2])")
                let atlases = try #require((whereReply.json as? [String: Any])?["atlases"] as? [String: Any])
                let expected = (atlases["gyri"] as? [String: Any])?["id"] as? Int ?? 0
                #expect(id == expected, "texel (\(i), \(j)) at \(mni)")
                checked += 1
                if id != 0 { named += 1 }
            }
        }
        #expect(checked >= 40 && named >= 5, "\(named) of \(checked) texels in a region")
        // Asked again: the same bytes, revalidated by ETag.
        let etag = try #require(reply.header("ETag"))
        let again = try await server.get("/api/plane/gyri/coronal/-20")
        #expect(again.body == reply.body && again.header("ETag") == etag)
    }

    @Test func paletteTintsEveryRegionAsTheSlicesDo() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/plane-palette/gyri")
        #expect(reply.status == 200)
        let body = try Body(reply.body)
        let idCount = try #require(body.header["idCount"] as? Int)
        let normal = try #require(body.arrays["normal"]?.data), strong = try #require(body.arrays["strong"]?.data)
        let faint = try #require(body.arrays["faint"]?.data)
        #expect(normal.count == 4 * idCount && strong.count == normal.count && faint.count == normal.count)
        #expect(Array(normal.prefix(4)) == [0, 0, 0, 0], "id 0 (unlabelled) is transparent")
        let at = { (d: Data, i: Int) in Int(d[d.startIndex + i]) }
        for id in 1..<idCount {
            #expect(at(normal, 4 * id + 3) == Int((OverlayTint.defaultOpacity * 255).rounded()))
            #expect(at(strong, 4 * id + 3) > at(normal, 4 * id + 3) && at(faint, 4 * id + 3) < at(normal, 4 * id + 3))
        }
    }

    @Test(arguments: ["/api/plane/gyri/axial/999", "/api/plane/gyri/oblique/3", "/api/plane/gyri/axial/x"])
    func badPlanesNameTheField(path: String) async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get(path)
        #expect(reply.status == 400)
        #expect(reply.errorMessage?.hasPrefix("planes: '") == true, "\(reply.errorMessage ?? "")")
    }

    @Test func unknownAtlasIsNotFound() async throws {
        let server = try await TestServer.shared.value
        #expect(try await server.get("/api/plane/nosuch/axial/3").status == 404)
        #expect(try await server.get("/api/plane-palette/nosuch").status == 404)
    }
}
