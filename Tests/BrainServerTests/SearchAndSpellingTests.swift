import BrainAtlas
import BrainSlice
import Foundation
import Testing
@testable import BrainServer

/// `/api/search` ranks regions as `info` matches them, and query values are spelled as the
/// CLI's options accept them (any case, `lh`, "BA44/45").
@Suite(.serialized) struct SearchAndSpellingTests {
    let library: AtlasLibrary

    init() throws { library = try AtlasLibrary(root: URL(fileURLWithPath: TestServer.dataPath)) }

    private func regions(_ reply: TestServer.Reply) -> [[String: Any]] {
        ((reply.json as? [String: Any])?["regions"] as? [[String: Any]]) ?? []
    }

    @Test func searchRanksAsInfoMatches() async throws {
        let server = try await TestServer.shared.value
        for (query, atlas) in [("Broca", nil), ("M1", "gyri"), ("precentarl", nil), ("hippocampus", "subcortical"),
                               ("left superior temporal", "gyri"), ("BA44/45", nil)] as [(String, String?)] {
            let path = "/api/search?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
                + (atlas.map { "&atlas=\($0)" } ?? "")
            let reply = try await server.get(path)
            #expect(reply.status == 200, "\(path)")
            let found = regions(reply)
            let info = try RegionInfo.lookUp(query, atlas: atlas, in: library)
            // The best region is info's answer, followed by info's alternatives in order.
            let expected = [info.region.region] + info.alternatives
            #expect(found.count == expected.count, "\(path)")
            for (got, want) in zip(found, expected) {
                #expect(got["atlas"] as? String == want.atlas && got["id"] as? Int == want.id, "\(path)")
            }
            #expect(found.first?["match"] as? String == "best")
        }
        let broca = regions(try await server.get("/api/search?q=Broca"))
        #expect(broca.first?["sourceLabel"] as? String == "broca")
        let m1 = regions(try await server.get("/api/search?q=M1&atlas=gyri"))
        #expect(m1.first?["sourceLabel"] as? String == "precentral")
        #expect(m1.dropFirst().first?["match"] as? String == "homologue")
        #expect(m1.allSatisfy { $0["atlas"] as? String == "gyri" })
    }

    @Test func searchWithoutAMatchIsEmptyWithSuggestions() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/search?q=Broca&atlas=gyri")
        #expect(reply.status == 200)
        #expect(regions(reply).isEmpty)
        #expect(((reply.json as? [String: Any])?["suggestions"] as? [String])?.isEmpty == false)
        let onlySide = try await server.get("/api/search?q=left&atlas=gyri")
        #expect(onlySide.status == 200 && regions(onlySide).isEmpty)
        let limited = try await server.get("/api/search?q=gyrus&atlas=gyri&limit=2")
        #expect(limited.status == 200 && regions(limited).count <= 2)
    }

    @Test func namesWithASlashWorkAsInTheCLI() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/info?q=BA44%2F45")
        #expect(reply.status == 200, "\(reply.errorMessage ?? "")")
        #expect(sameJSON(reply.body, try BrainJSON.encode(RegionInfo.lookUp("BA44/45", in: library))))
        let plain = try await server.get("/api/info?q=BA44/45")  // unescaped, as curl sends it
        #expect(plain.status == 200)
        let highlighted = try await server.get("/api/render.json?atlas=functional&highlight=BA44/45&w=64&h=48")
        #expect(highlighted.status == 200, "\(highlighted.errorMessage ?? "")")
    }

    @Test func sceneValuesAcceptTheCLISpellings() async throws {
        let server = try await TestServer.shared.value
        let canonical = try await server.get("/api/render.json?view=lateral&hemi=left&surface=pial&shading=flat&w=96&h=72")
        #expect(canonical.status == 200)
        for spelled in ["view=Lateral&hemi=lh&surface=PIAL&shading=Flat", "view=LATERAL&hemi=L&surface=pial&shading=flat",
                        "view=lateral&hemi=Left&surface=Pial&shading=FLAT"] {
            let reply = try await server.get("/api/render.json?\(spelled)&w=96&h=72")
            #expect(reply.status == 200, "\(spelled): \(reply.errorMessage ?? "")")
            #expect(sameJSON(reply.body, canonical.body), "\(spelled)")
        }
        let right = try await server.get("/api/render.json?view=medial&hemi=rh&w=96&h=72")
        #expect((right.json as? [String: Any])?["hemi"] as? String == "right")
        let pick = try await server.get("/api/pick?view=Lateral&hemi=LH&w=96&h=72&x=48&y=36")
        #expect(pick.status == 200)
        let regionsLH = try await server.get("/api/regions?atlas=gyri&hemi=lh")
        #expect(regionsLH.status == 200)
        #expect(sameJSON(regionsLH.body, try await server.get("/api/regions?atlas=gyri&hemi=left").body))
    }

    @Test func slicePlanesAcceptTheCLISpellingsAndMarkAPoint() async throws {
        let server = try await TestServer.shared.value
        let axial = try await server.get("/api/slice?plane=axial&index=100")
        for spelled in ["AXIAL", "Axial", "ax", "transverse"] {
            let reply = try await server.get("/api/slice?plane=\(spelled)&index=100")
            #expect(reply.status == 200, "\(spelled): \(reply.errorMessage ?? "")")
            #expect(reply.body == axial.body, "\(spelled)")
        }
        // at=x,y,z: the CLI's --at (the plane through the point, with the point marked).
        let at = try await server.get("/api/slice?plane=axial&at=-40,-20,50&atlas=gyri")
        #expect(at.status == 200, "\(at.errorMessage ?? "")")
        var request = SliceRequest(plane: .axial, position: .point(SIMD3(-40, -20, 50), space: .mni))
        request.atlas = "gyri"
        #expect([UInt8](at.body) == (try Slicer(library: library).render(request).png()))
        let unmarked = try await server.get("/api/slice?plane=axial&mni=50&atlas=gyri")
        #expect(unmarked.status == 200 && unmarked.body != at.body)
        let tal = try await server.get("/api/slice?plane=Coronal&at=-40,-20,50&space=TAL")
        #expect(tal.status == 200, "\(tal.errorMessage ?? "")")
    }
}
