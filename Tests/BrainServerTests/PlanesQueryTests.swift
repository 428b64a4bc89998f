import BrainImage
import Foundation
import Testing
@testable import BrainServer

/// `planes=` on the scene endpoints: the slicing mode drawn by /api/render, its regions in
/// render.json, picks on a plane naming what /api/where names at the reported voxel, and bad
/// texts refused with the field named, as the command line refuses them.
@Suite(.serialized) struct PlanesQueryTests {
    static let query = "azimuth=-50&elevation=30&w=200&h=150&planes=-30,-12,8"

    @Test(arguments: ["planes=1,2", "planes=0,0,999", "planes=x,0,0", "planes=axial:1,axial:2",
                      "planes=axial:1,coronal:1,sagittal:1,axial:2"])
    func badPlanesAreRefusedOnEveryEndpoint(bad: String) async throws {
        let server = try await TestServer.shared.value
        for endpoint in ["/api/render", "/api/render.json", "/api/pick"] {
            let reply = try await server.get("\(endpoint)?\(endpoint == "/api/pick" ? "x=1&y=1&" : "")\(bad)")
            #expect(reply.status == 400, "\(endpoint) \(bad) → \(reply.status)")
            #expect(reply.errorMessage?.hasPrefix("planes: '") == true, "\(endpoint): \(reply.errorMessage ?? "")")
        }
    }

    @Test func renderDrawsThePlanesAndJSONCountsTheirRegions() async throws {
        let server = try await TestServer.shared.value
        let with = try await server.get("/api/render?\(Self.query)")
        let without = try await server.get("/api/render?azimuth=-50&elevation=30&w=200&h=150")
        #expect(with.status == 200 && without.status == 200)
        #expect(with.body != without.body)
        let again = try await server.get("/api/render?\(Self.query)&outline=false")
        #expect(try PNGDecoder.decode([UInt8](again.body)).width == 200)
        let json = try await server.get("/api/render.json?\(Self.query)")
        let regions = try #require((json.json as? [String: Any])?["regions"] as? [[String: Any]])
        #expect(!regions.isEmpty, "the planes show gyri")
    }

    @Test func picksOnAPlaneNameWhatWhereNames() async throws {
        let server = try await TestServer.shared.value
        var onPlanes = 0, named = 0
        for y in stride(from: 40, to: 110, by: 6) {
            for x in stride(from: 70, to: 140, by: 6) {
                let pick = try await server.get("/api/pick?\(Self.query)&x=\(x)&y=\(y)")
                #expect(pick.status == 200)
                let object = try #require(pick.json as? [String: Any])
                guard let surface = object["surface"] as? String, ["axial", "coronal", "sagittal"].contains(surface) else {
                    continue
                }
                onPlanes += 1
                let mni = try #require(object["mni"] as? [Double])
                let whereReply = try await server.get("/api/where?x=\(mni[0])&y=\(mni[1])&z=\(mni[2])")
                let atlases = try #require((whereReply.json as? [String: Any])?["atlases"] as? [String: Any])
                let expected = (atlases["gyri"] as? [String: Any]).map { "\($0["id"] ?? "")" }
                let region = (object["region"] as? [String: Any]).map { "\($0["id"] ?? "")" }
                #expect(region == expected, "(\(x), \(y)) at \(mni)")
                if expected != nil { named += 1 }
            }
        }
        #expect(onPlanes > 40, "\(onPlanes) picks on planes")
        #expect(named > 5, "\(named) on a region")
    }
}
