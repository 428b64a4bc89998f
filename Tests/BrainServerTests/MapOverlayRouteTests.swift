import BrainFormats
import Foundation
import Testing
@testable import BrainServer

/// `serve --map NAME=FILE`: renders, picks and slices overlay the server's own maps by name.
@Suite(.serialized) struct MapOverlayRouteTests {
    /// A 2 mm MNI NIfTI with one blob (height 8, σ 4 mm) at MNI (−40, −20, 50).
    static func writeBlob(sformCode: Int16 = 4) throws -> URL {
        let dims = [91, 109, 91]
        let affine: [[Double]] = [[-2, 0, 0, 90], [0, 2, 0, -126], [0, 0, 2, -72], [0, 0, 0, 1]]
        var values = [Float](repeating: 0, count: dims.reduce(1, *))
        for k in 0..<dims[2] { for j in 0..<dims[1] { for i in 0..<dims[0] {
            let d = SIMD3(90 - 2 * Double(i), -126 + 2 * Double(j), -72 + 2 * Double(k)) - SIMD3(-40, -20, 50)
            values[i + dims[0] * (j + dims[1] * k)] = 8 * Float(exp(-(d * d).sum() / 32))
        } } }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("route-blob-\(UUID().uuidString).nii")
        try AtomicFile.write(Data(try NIfTIFile(float32: values, dims: dims, affine: affine, sformCode: sformCode, name: "blob.nii").encoded()), to: url)
        return url
    }

    @Test func overlaysAreTakenByNameOnly() async throws {
        let map = try Self.writeBlob()
        defer { try? FileManager.default.removeItem(at: map) }
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
        let orphan = try await server.get("/api/slice?plane=axial&mni=50&threshold=3")
        #expect(orphan.status == 400 && orphan.errorMessage?.contains("threshold") == true)
    }

    @Test func badMapOptionsStopTheStart() throws {
        let native = try Self.writeBlob(sformCode: 1)
        defer { try? FileManager.default.removeItem(at: native) }
        var options = ServerOptions()
        for bad in ["blob", "=x.nii", "a b=x.nii", "blob=/nonexistent.nii", "blob=\(native.path)"] {
            #expect(throws: ServerSetupError.self, "\(bad)") { try options.addMap(bad) }
        }
        #expect(options.maps.isEmpty)
    }
}
