import BrainAtlas
import BrainMaps
@testable import BrainRender
import Foundation
import Testing
@testable import BrainServer

/// The viewer's smallest cluster: `/api/map-values` and `/api/map-value` with `clusterMin` remove the
/// map's small clusters at the threshold and signs asked, exactly as `render --overlay --cluster-min` does.
@Suite(.serialized) struct MapClusterRouteTests {
    /// Four blobs on a 3 mm MNI grid (Tests/Fixtures/maps/SOURCES.md). At threshold 2, both signs:
    /// 10 017 mm³ at (−45, −21, 45), 7 668 mm³ at (42, −63, 30), a negative 5 427 mm³ at (−51, −51, 12)
    /// and 3 321 mm³ at (−48, 24, 12); at threshold 1.5 the negative one is 7 992 mm³ and the last 5 481 mm³.
    static let blobs = TestServer.repository.appendingPathComponent("Tests/Fixtures/maps/viewer_blobs_mni_3mm.nii.gz")
    static let kept = SIMD3<Float>(-45, -21, 45)
    static let negative = SIMD3<Float>(-51, -51, 12)
    static let frontal = SIMD3<Float>(-48, 24, 12)

    static func start() async throws -> TestServer {
        let map = blobs
        return try await TestServer.start { $0.maps = ["blobs": map.path] }
    }

    static func pial() throws -> RenderMesh {
        try SceneAssets(library: try AtlasLibrary(root: URL(fileURLWithPath: TestServer.dataPath))).mesh(.cortex(.pial, .left))
    }

    /// The overlay `render --overlay blobs --threshold T --two-sided --cluster-min V` draws.
    static func cli(threshold: Double, clusterMin: Double) throws -> MapOverlay {
        var options = OverlayOptions()
        options.file = blobs.path
        options.threshold = [threshold]
        options.twoSided = true
        options.clusterMinMm3 = clusterMin
        return try MapOverlay.load(options)
    }

    /// The strongest shown magnitude among vertices within 12 mm of `point`.
    static func strongest(_ values: [Float], near point: SIMD3<Float>, mesh: RenderMesh) -> Float {
        var best: Float = 0
        for (i, p) in mesh.positions.enumerated() where ((p - point) * (p - point)).sum() < 144 { best = max(best, abs(values[i])) }
        return best
    }

    @Test func valuesAreTheCommandLinesAfterClusterRemoval() async throws {
        let server = try await Self.start()
        defer { server.task.cancel() }
        let pial = try Self.pial()
        let path = "/api/map-values/blobs/pial-left?threshold=2&twoSided=on&clusterMin=6000"
        let body = try SceneDataTests.Body(try await server.get(path).body)
        #expect(body.header["threshold"] as? Double == 2 && body.header["clusterMin"] as? Double == 6000)
        let positive = body.floats("positive"), negative = body.floats("negative")
        let overlay = try Self.cli(threshold: 2, clusterMin: 6000)
        // The vertex values `render` colours: the larger magnitude of the two arrays is its sample.
        let drawn = SurfaceMapSampling.values(overlay, positions: pial.positions, normals: pial.normals)
        let shown = zip(positive, negative).map { abs($1) > abs($0) ? $1 : $0 }
        #expect(positive == SurfaceMapSampling.values(overlay, positions: pial.positions, normals: pial.normals, signs: .positive))
        #expect(zip(shown, drawn).filter { $0 != $1 }.count <= 2, "only exact ± ties may differ")
        // The 10 017 mm³ blob stays; the negative (5 427 mm³) and frontal (3 321 mm³) ones are gone.
        #expect(Self.strongest(shown, near: Self.kept, mesh: pial) > 4)
        #expect(Self.strongest(shown, near: Self.negative, mesh: pial) < 2)
        #expect(Self.strongest(shown, near: Self.frontal, mesh: pial) < 2)
        // Without the smallest cluster all three are there: the removal is the route's doing.
        let all = try SceneDataTests.Body(try await server.get("/api/map-values/blobs/pial-left?clusterMin=0").body)
        #expect(all.header["clusterMin"] as? Double == 0 && all.header["threshold"] == nil)
        #expect(Self.strongest(all.floats("negative"), near: Self.negative, mesh: pial) > 3)
        #expect(Self.strongest(all.floats("positive"), near: Self.frontal, mesh: pial) > 3)
        // At threshold 1.5 the negative blob grows to 7 992 mm³ and is drawn again; the frontal one (5 481 mm³) is not.
        let lower = try SceneDataTests.Body(try await server.get("/api/map-values/blobs/pial-left?threshold=1.5&twoSided=on&clusterMin=6000").body)
        #expect(Self.strongest(lower.floats("negative"), near: Self.negative, mesh: pial) > 3)
        #expect(Self.strongest(lower.floats("positive"), near: Self.frontal, mesh: pial) < 1.5)
        // One sign: positive clusters only are counted and removed, as `render` without --two-sided.
        let one = try SceneDataTests.Body(try await server.get("/api/map-values/blobs/pial-left?threshold=2&twoSided=off&clusterMin=6000").body)
        var options = OverlayOptions()
        options.file = Self.blobs.path
        options.threshold = [2]
        options.twoSided = false
        options.clusterMinMm3 = 6000
        #expect(one.floats("positive") == SurfaceMapSampling.values(try MapOverlay.load(options), positions: pial.positions, normals: pial.normals))
    }

    @Test func valueAtAPointAndRefusals() async throws {
        let server = try await Self.start()
        defer { server.task.cancel() }
        let at = { (p: SIMD3<Float>, query: String) async throws -> Double? in
            (try await server.get("/api/map-value/blobs?x=\(p.x)&y=\(p.y)&z=\(p.z)\(query)").json as? [String: Any])?["value"] as? Double
        }
        #expect(try await at(Self.frontal, "") == 4)
        #expect(try await at(Self.frontal, "&threshold=2&twoSided=on&clusterMin=6000") == 0)
        #expect(abs((try await at(Self.kept, "&threshold=2&twoSided=on&clusterMin=6000") ?? 0) - 5.89) < 0.01)
        for bad in ["clusterMin=-1", "clusterMin=lots", "threshold=0&clusterMin=10", "threshold=2&clusterMin=10&size=2"] {
            #expect(try await server.get("/api/map-values/blobs/pial-left?\(bad)").status == 400, "\(bad)")
        }
    }

    /// A VMP that enables its cluster-size threshold (4 voxels of 3 mm: 108 mm³) lists it as its smallest cluster.
    @Test func aMapsOwnClusterSizeIsItsDefault() async throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("two_maps_\(UUID().uuidString)_MNI.vmp")
        try FileManager.default.copyItem(at: TestServer.repository.appendingPathComponent("Tests/Fixtures/maps/two_maps_v6.vmp"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let server = try await TestServer.start { $0.maps = ["faces": copy.path] }
        defer { server.task.cancel() }
        let maps = try #require((try await server.get("/api/maps").json as? [String: Any])?["maps"] as? [[String: Any]])
        #expect(maps.first?["clusterMin"] as? Double == 108)
        let blobs = try await Self.start()
        defer { blobs.task.cancel() }
        let listed = try #require((try await blobs.get("/api/maps").json as? [String: Any])?["maps"] as? [[String: Any]])
        #expect(listed.first?["clusterMin"] as? Double == 0)
    }
}
