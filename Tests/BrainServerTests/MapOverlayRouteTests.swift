import BrainFormats
import Foundation
import Testing
@testable import BrainServer

/// `serve --map NAME=FILE`: renders, picks and slices overlay the server's own maps by name.
@Suite(.serialized) struct MapOverlayRouteTests {
    /// Tests/Fixtures/maps/blob_mni_2mm.nii.gz: one blob (height 8, σ 4 mm) at MNI (−40, −20, 50).
    static let blob = TestServer.repository.appendingPathComponent("Tests/Fixtures/maps/blob_mni_2mm.nii.gz")

    @Test func overlaysAreTakenByNameOnly() async throws {
        let map = Self.blob
        let server = try await TestServer.start { $0.maps = ["blob": map.path] }
        defer { server.task.cancel() }
        let render = try await server.get("/api/render?view=lateral&hemi=left&w=400&h=300&overlay=blob&threshold=3,8&atlas=none")
        #expect(render.status == 200 && render.contentType == "image/png")
        let plain = try await server.get("/api/render?view=lateral&hemi=left&w=400&h=300&atlas=none")
        #expect(plain.status == 200 && plain.body != render.body)
        let slice = try await server.get("/api/slice?plane=axial&mni=50&overlay=blob")
        #expect(slice.status == 200)
        let pick = try await server.get("/api/pick?view=lateral&hemi=left&w=400&h=300&overlay=blob&x=200&y=150")
        let answer = try #require(pick.json as? [String: Any])
        #expect(answer.keys.contains("value"), "pick with an overlay reports the value")
        let unknown = try await server.get("/api/render?overlay=nope")
        #expect(unknown.status == 400 && unknown.errorMessage?.contains("no map named 'nope'") == true)
        let path = try await server.get("/api/render?overlay=\(map.path)")
        #expect(path.status == 400, "a query never names a file")
        let scene = try await server.get("/api/scene?overlay=blob")
        #expect(scene.status == 200, "the viewer's scene data takes a map (its values come from /api/map-values)")
        let orphan = try await server.get("/api/slice?plane=axial&mni=50&threshold=3")
        #expect(orphan.status == 400 && orphan.errorMessage?.contains("threshold") == true)
    }

    @Test func badMapOptionsStopTheStart() throws {
        let native = FileManager.default.temporaryDirectory.appendingPathComponent("native-\(UUID().uuidString).nii")
        try AtomicFile.write(Data(try NIfTIFile(float32: [Float](repeating: 5, count: 8), dims: [2, 2, 2],
                                                affine: [[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1]], sformCode: 1,
                                                name: "native.nii").encoded()), to: native)
        defer { try? FileManager.default.removeItem(at: native) }
        var options = ServerOptions()
        for bad in ["blob", "=x.nii", "a b=x.nii", "blob=/nonexistent.nii", "blob=\(native.path)"] {
            #expect(throws: ServerSetupError.self, "\(bad)") { try options.addMap(bad) }
        }
        #expect(options.maps.isEmpty)
    }
}
