import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainServer

/// The WebGL viewer's slicing-mode data: `/api/scene` with `planes=` describes the cut head and
/// the planes, `/api/volume/…` carries the template and label volumes the viewer cuts the planes
/// from (whose voxels are the template's and what `where` answers there) and
/// `/api/plane-palette/…` the region tints; a bad step or atlas is refused, naming it.
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
        // The query's camera (no view: the slicing mode's, from the right for a sagittal plane left
        // of the midline) looks along −x: the cut takes the +x side.
        let cut = try #require(planes["cut"] as? [String: [Double]])
        #expect(cut["corner"] == [-30, -12, 8])
        #expect(cut["side"]?[0] == 1)
        let shaders = try #require(scene["shaders"] as? [String: String])
        #expect(shaders["plane.vert"] != nil && shaders["plane.frag"] != nil)
    }

    @Test func volumesHoldTheTemplateAndWhatWhereAnswers() async throws {
        let server = try await TestServer.shared.value
        let scene = try #require(try await server.get("/api/scene?atlas=gyri&planes=-30,-12,8&w=300&h=200").json as? [String: Any])
        let planes = try #require(scene["planes"] as? [String: Any])
        let volumes = try #require(planes["volumes"] as? [String: [String: String]])
        let whole = try #require(volumes["labels"]?["whole"]), coarse = try #require(volumes["labels"]?["coarse"])
        #expect(whole.hasPrefix("/api/volume/labels/gyri?step=1&v=") && coarse.hasPrefix("/api/volume/labels/gyri?step=2&v="))
        let coarseBytes = try #require((planes["volumeBytes"] as? [String: [String: Int]])?["template"]?["coarse"])
        #expect(coarseBytes > 50_000 && coarseBytes < 400_000, "the coarse grey is \(coarseBytes) bytes gzip")

        let labels = try Body(try await server.get(whole).body)
        let grey = try Body(try await server.get(try #require(volumes["template"]?["whole"])).body)
        let dims = try #require(labels.header["dims"] as? [Int]), origin = try #require(labels.header["origin"] as? [Int])
        #expect(grey.header["dims"] as? [Int] == dims && grey.header["origin"] as? [Int] == origin)
        #expect(labels.header["step"] as? Int == 1 && dims.allSatisfy { $0 > 150 && $0 <= 256 })
        let ids = try #require(labels.arrays["labels"]?.data), greyBytes = try #require(grey.arrays["grey"]?.data)
        #expect(ids.count == dims.reduce(1, *) && greyBytes.count == ids.count)
        let library = try AtlasLibrary(root: URL(fileURLWithPath: TestServer.dataPath))
        let template = try VMRFile.read(from: try library.url(library.catalog.template))
        var named = 0, checked = 0
        for (a, b, c) in [(60, 110, 120), (80, 150, 100), (100, 90, 140), (50, 120, 160), (110, 130, 90), (75, 100, 70)] {
            for dk in stride(from: -30, through: 30, by: 15) {
                let i = a * dims[0] / 256, j = b * dims[1] / 256, k = (c + dk) * dims[2] / 256
                let at = i + dims[0] * (j + dims[1] * k)
                let mni = [origin[0] + i, origin[1] + j, origin[2] + k]
                let whereReply = try await server.get("/api/where?x=\(mni[0])&y=\(mni[1])&z=\(mni[2])")
                let atlases = try #require((whereReply.json as? [String: Any])?["atlases"] as? [String: Any])
                let expected = (atlases["gyri"] as? [String: Any])?["id"] as? Int ?? 0
                #expect(Int(ids[ids.startIndex + at]) == expected, "voxel at MNI \(mni)")
                // The grey keeps 7 bits, and the window's low end exactly.
                let v = CanonicalFrame.voxel(mniX: mni[0], mniY: mni[1], mniZ: mni[2])
                let raw = Int(template.voxels[template.voxels.startIndex + CanonicalFrame.index(v.x, v.y, v.z)])
                let sent = Int(greyBytes[greyBytes.startIndex + at])
                #expect(raw < 22 ? sent == 0 : (sent == max(22, raw & 0xFE)), "grey at MNI \(mni): \(raw) sent as \(sent)")
                checked += 1
                if expected != 0 { named += 1 }
            }
        }
        #expect(checked == 30 && named >= 5, "\(named) of \(checked) voxels in a region")
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

    @Test(arguments: ["/api/volume/template?step=3", "/api/volume/labels/gyri?step=x"])
    func badStepsNameTheField(path: String) async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get(path)
        #expect(reply.status == 400)
        #expect(reply.errorMessage?.hasPrefix("step: '") == true, "\(reply.errorMessage ?? "")")
    }

    @Test func unknownAtlasIsNotFound() async throws {
        let server = try await TestServer.shared.value
        #expect(try await server.get("/api/volume/labels/nosuch").status == 404)
        #expect(try await server.get("/api/plane-palette/nosuch").status == 404)
    }
}
