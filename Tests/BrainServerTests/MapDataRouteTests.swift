import BrainAtlas
import BrainMaps
@testable import BrainRender
import Foundation
import Testing
@testable import BrainServer

/// The viewer's map data: `/api/maps`, the sampled values per cortex vertex, the value at a point,
/// and `/api/scene` with a map (grey cortex, cameras beside the colour bar's strip).
@Suite(.serialized) struct MapDataRouteTests {
    /// One blob, height 8, σ 4 mm, at MNI (−40, −20, 50) (Tests/Fixtures/maps/SOURCES.md).
    static let blob = TestServer.repository.appendingPathComponent("Tests/Fixtures/maps/blob_mni_2mm.nii.gz")

    static func start() async throws -> TestServer {
        let map = blob
        return try await TestServer.start { $0.maps = ["blob": map.path] }
    }

    @Test func mapsAreListedWithTheirDefaultsAndValueURLs() async throws {
        let server = try await Self.start()
        defer { server.task.cancel() }
        let listing = try #require(try await server.get("/api/maps").json as? [String: Any])
        let maps = try #require(listing["maps"] as? [[String: Any]])
        #expect(maps.count == 1)
        let blob = try #require(maps.first)
        #expect(blob["name"] as? String == "blob" && blob["surface"] as? Bool == false)
        // A NIfTI has no display settings: a third of the largest magnitude, up to the largest.
        #expect(abs((blob["threshold"] as? Double ?? 0) - 8.0 / 3) < 1e-4)
        #expect(abs((blob["upper"] as? Double ?? 0) - 8) < 1e-4)
        #expect(blob["signs"] as? String == "positive" && blob["scale"] as? String == "hot")
        let urls = try #require(blob["values"] as? [String: String])
        #expect(Set(urls.keys) == ["pial-left", "pial-right", "inflated-left", "inflated-right"])
        #expect(urls["pial-left"] == "/api/map-values/blob/pial-left")
        let bare = try await TestServer.shared.value
        #expect((try await bare.get("/api/maps").json as? [String: Any])?["maps"] as? [Any] != nil)
    }

    @Test func valuesAreTheSurfaceSamplingOfEachSign() async throws {
        let server = try await Self.start()
        defer { server.task.cancel() }
        let library = try AtlasLibrary(root: URL(fileURLWithPath: TestServer.dataPath))
        let pial = try SceneAssets(library: library).mesh(.cortex(.pial, .left))
        let body = try SceneDataTests.Body(try await server.get("/api/map-values/blob/pial-left").body)
        #expect(body.header["kind"] as? String == "map-values" && body.header["vertexCount"] as? Int == pial.vertexCount)
        let positive = body.floats("positive"), negative = body.floats("negative")
        #expect(positive.count == pial.vertexCount && negative.count == pial.vertexCount)
        var options = OverlayOptions()
        options.file = Self.blob.path
        options.twoSided = false
        let expected = SurfaceMapSampling.values(try MapOverlay.load(options), positions: pial.positions, normals: pial.normals)
        #expect(positive == expected)
        // An all-positive blob: no negative sample anywhere; its colours reach near the peak.
        #expect(negative.allSatisfy { $0 == 0 })
        #expect((positive.max() ?? 0) > 6 && (positive.max() ?? 0) <= 8)
        let peak = SIMD3<Float>(-40, -20, 50)
        for (i, p) in pial.positions.enumerated() where ((p - peak) * (p - peak)).sum() > 25 * 25 { #expect(positive[i] < 0.01) }
        // Inflated vertices take their pial twins' values.
        let inflated = try SceneDataTests.Body(try await server.get("/api/map-values/blob/inflated-left").body)
        #expect(inflated.floats("positive") == positive)
        #expect(try await server.get("/api/map-values/blob/subcortical").status == 404)
        #expect(try await server.get("/api/map-values/nope/pial-left").status == 404)
    }

    @Test func valueAtAPointIsWhatPickReports() async throws {
        let server = try await Self.start()
        defer { server.task.cancel() }
        let peak = try #require(try await server.get("/api/map-value/blob?x=-40&y=-20&z=50").json as? [String: Any])
        #expect(peak["value"] as? Double == 8)
        let pick = try #require(try await server.get("/api/pick?view=lateral&hemi=left&w=400&h=300&overlay=blob&x=150&y=80").json as? [String: Any])
        let mni = try #require(pick["mni"] as? [Double])
        // pick rounds its point to 0.01 mm; the value there is the map's at that point.
        let there = try #require(try await server.get("/api/map-value/blob?x=\(mni[0])&y=\(mni[1])&z=\(mni[2])").json as? [String: Any])
        #expect(abs((there["value"] as? Double ?? -1) - (pick["value"] as? Double ?? 1)) < 0.01)
        let vertex = try #require(try await server.get("/api/map-value/blob?mesh=inflated-left&vertex=0").json as? [String: Any])
        #expect(vertex["value"] as? Double != nil)
        for bad in ["x=1&y=2", "x=a&y=0&z=0", "mesh=head&vertex=1", "mesh=pial-left&vertex=999999", "x=0&y=0&z=0&q=1"] {
            #expect(try await server.get("/api/map-value/blob?\(bad)").status == 400, "\(bad)")
        }
    }

    @Test func sceneWithAMapIsGreyAndFramedBesideTheColorBar() async throws {
        let server = try await Self.start()
        defer { server.task.cancel() }
        let query = "atlas=gyri&hemi=left&view=lateral&w=640&h=480"
        let mapped = try #require(try await server.get("/api/scene?\(query)&overlay=blob").json as? [String: Any])
        let plain = try #require(try await server.get("/api/scene?\(query)").json as? [String: Any])
        let grey = (mapped["unlabelledColor"] as? [Int]) ?? []
        let layers = try #require(mapped["layers"] as? [[String: Any]])
        for range in (layers.first?["ranges"] as? [[String: Any]]) ?? [] { #expect(range["color"] as? [Int] == grey) }
        let camera = try #require(mapped["camera"] as? [String: Any])
        let lateral = try #require((mapped["views"] as? [String: Any])?["lateral"] as? [String: Any])
        #expect(camera["mvp"] as? [Double] == lateral["mvp"] as? [Double], "the preset keeps the bar's strip free")
        let plainCamera = try #require(plain["camera"] as? [String: Any])
        #expect(camera["mvp"] as? [Double] != plainCamera["mvp"] as? [Double])
    }
}
