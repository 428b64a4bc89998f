import BrainAtlas
import BrainFormats
@testable import BrainSlice
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
                               ("left superior temporal", "gyri"), ("BA44/45", nil), ("frontal", nil)] as [(String, String?)] {
            let path = "/api/search?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&limit=500"
                + (atlas.map { "&atlas=\($0)" } ?? "")
            let reply = try await server.get(path)
            #expect(reply.status == 200, "\(path)")
            let found = regions(reply)
            // The list is RegionSearch's ranking, led by info's answer.
            let ranked = try RegionSearch(library: library, atlas: atlas).ranked(query, limit: 500)
            #expect(found.count == ranked.count, "\(path)")
            for (got, want) in zip(found, ranked) {
                #expect(got["atlas"] as? String == want.region.atlas && got["id"] as? Int == want.region.id, "\(path)")
            }
            let info = try RegionInfo.lookUp(query, atlas: atlas, in: library)
            #expect(found.first?["id"] as? Int == info.region.region.id && found.first?["atlas"] as? String == info.region.region.atlas)
            #expect(found.first?["match"] as? String == "best")
            // info's alternatives are all listed, except the other side's homologue when a side is named.
            let listed = Set(found.map { "\($0["atlas"] as? String ?? "")/\($0["id"] as? Int ?? 0)" })
            for alternative in info.alternatives where !query.hasPrefix("left ") || alternative.hemisphere != .right {
                #expect(listed.contains("\(alternative.atlas)/\(alternative.id)"), "\(path): \(alternative.displayName)")
            }
        }
        let broca = regions(try await server.get("/api/search?q=Broca"))
        #expect(broca.first?["sourceLabel"] as? String == "broca")
        let m1 = regions(try await server.get("/api/search?q=M1&atlas=gyri"))
        #expect(m1.first?["sourceLabel"] as? String == "precentral")
        #expect(m1.dropFirst().first?["match"] as? String == "homologue")
        #expect(m1.allSatisfy { $0["atlas"] as? String == "gyri" })
    }

    @Test func aBroadQueryListsEveryMatchingRegion() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/search?q=frontal&atlas=gyri")
        #expect(reply.status == 200)
        let found = regions(reply)
        #expect(found.count > 6, "\(found.map { $0["name"] ?? "" })")
        // Each entry is a region object (plus match and score).
        let gyri = try library.atlas(named: "gyri")
        for entry in found {
            let id = try #require(entry["id"] as? Int)
            let region = try #require(gyri.region(id: id))
            let object = try #require(try JSONSerialization.jsonObject(with: BrainJSON.encode(region)) as? [String: Any])
            for (key, value) in object {
                #expect(entry[key].map { "\($0)" } == "\(value)", "\(key) of \(region.displayName)")
            }
            #expect(["best", "homologue", "alternative"].contains(entry["match"] as? String ?? ""))
            #expect((entry["score"] as? Double).map { $0 >= RegionSearch.threshold && $0 <= 1 } == true)
        }
        let names = Set(found.map { "\($0["name"] as? String ?? "")/\($0["hemisphere"] as? String ?? "")" })
        for side in ["left", "right"] {
            for name in ["Superior frontal gyrus", "Rostral middle frontal gyrus", "Caudal middle frontal gyrus", "Frontal pole"] {
                #expect(names.contains("\(name)/\(side)"), "\(name) \(side)")
            }
        }
        // The default limit is 50; a smaller one cuts the same list.
        let everything = regions(try await server.get("/api/search?q=temporal"))
        #expect(everything.count <= RegionSearchIndex.defaultLimit)
        let three = regions(try await server.get("/api/search?q=frontal&atlas=gyri&limit=3"))
        #expect(three.map { $0["id"] as? Int } == found.prefix(3).map { $0["id"] as? Int })
    }

    @Test func searchWithoutAMatchIsEmptyWithSuggestions() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/search?q=Brocca&atlas=gyri")
        #expect(reply.status == 200)
        #expect(regions(reply).isEmpty)
        // A misspelt textbook term suggests its regions in the atlas searched.
        #expect((reply.json as? [String: Any])?["suggestions"] as? [String] == ["Pars opercularis (left)", "Pars triangularis (left)"])
        // Spelt right, the concept answers in any atlas that has its regions.
        let broca = regions(try await server.get("/api/search?q=Broca&atlas=gyri"))
        #expect(Set(broca.prefix(4).map { $0["sourceLabel"] as? String ?? "" }) == ["parsopercularis", "parstriangularis"])
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
        var request = try SliceRequest(plane: .axial, position: .point(SIMD3(-40, -20, 50), space: .mni))
        request = try request.with(["atlas": "gyri"])
        #expect([UInt8](at.body) == (try Slicer(library: library).render(request).png(compression: SliceResult.wireCompression)))
        let unmarked = try await server.get("/api/slice?plane=axial&mni=50&atlas=gyri")
        #expect(unmarked.status == 200 && unmarked.body != at.body)
        let tal = try await server.get("/api/slice?plane=Coronal&at=-40,-20,50&space=TAL")
        #expect(tal.status == 200, "\(tal.errorMessage ?? "")")
    }
}
