import BrainFormats
import Foundation
import Testing
@testable import BrainServer

/// `serve --atlas-file … --atlas-table …`: the server answers `/api/where` and draws and picks slices with a label
/// atlas the test builds, beside the bundled atlases.
@Suite(.serialized) struct UserAtlasRouteTests {
    /// The shared label image (Tests/Fixtures/user-atlas: label 17 in a 10 mm cube around MNI (−24, −4, −20), label 53
    /// in one around (40, −20, 40), a 2 mm grid spanning x −50…50, y −40…20, z −40…60 only) and its BIDS table.
    static func writeAtlas(in dir: URL) throws -> (image: URL, table: URL) {
        let image = dir.appendingPathComponent("labs.nii")
        try FileManager.default.copyItem(at: TestServer.repository.appendingPathComponent("Tests/Fixtures/user-atlas/two_cubes_mni_2mm.nii"),
                                         to: image)
        let table = dir.appendingPathComponent("labs.tsv")
        try AtomicFile.write(Data("index\tname\tcolor\n17\tLeft-Amygdala\t#67FFFF\n53\tRight-Precentral\t#FF0000\n".utf8), to: table)
        return (image, table)
    }

    @Test func whereAndSlicesAnswerWithTheUserAtlas() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("user-atlas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (image, table) = try Self.writeAtlas(in: dir)
        // start() returns once the server listens: the port it reports is the readiness signal.
        let server = try await TestServer.start { $0.userAtlas = (image.path, table.path) }
        defer { server.task.cancel() }

        let at = try await server.get("/api/where?x=-24&y=-4&z=-20")
        #expect(at.status == 200)
        let atlases = try #require((at.json as? [String: Any])?["atlases"] as? [String: Any])
        let region = try #require(atlases["labs"] as? [String: Any], "the user atlas answers under its file's name")
        #expect(region["name"] as? String == "Amygdala" && region["hemisphere"] as? String == "left", "\(region)")
        #expect((atlases["subcortical"] as? [String: Any])?["name"] as? String == "Amygdala", "the bundled atlases still answer")
        let outside = try await server.get("/api/where?x=0&y=-80&z=0")
        #expect(((outside.json as? [String: Any])?["atlases"] as? [String: Any])?["labs"] is NSNull, "no label at V1")

        let slice = try await server.get("/api/slice?plane=axial&mni=-20&atlas=labs")
        #expect(slice.status == 200 && slice.contentType == "image/png", "\(slice.errorMessage ?? "")")
        // Two picks give the pixel → MNI mapping of the image; the pixel over (−24, −4) must name the user's region.
        func pick(_ x: Int, _ y: Int) async throws -> [String: Any] {
            let reply = try await server.get("/api/slice/pick?plane=axial&mni=-20&atlas=labs&x=\(x)&y=\(y)")
            #expect(reply.status == 200, "\(reply.errorMessage ?? "")")
            return try #require(reply.json as? [String: Any])
        }
        let a = try #require(try await pick(200, 200)["mni"] as? [Double]), b = try #require(try await pick(300, 300)["mni"] as? [Double])
        let perPixel = SIMD2((b[0] - a[0]) / 100, (b[1] - a[1]) / 100)
        #expect(abs(perPixel.x) > 0.1 && abs(perPixel.y) > 0.1, "an axial slice spans x and y: \(a) \(b)")
        let pixel = SIMD2(200 + ((-24 - a[0]) / perPixel.x).rounded(), 200 + ((-4 - a[1]) / perPixel.y).rounded())
        let hit = try await pick(Int(pixel.x), Int(pixel.y))
        let picked = try #require(hit["region"] as? [String: Any], "\(hit)")
        #expect(picked["atlas"] as? String == "labs" && picked["name"] as? String == "Amygdala", "\(picked)")
        // The right hemisphere's mirror point holds no label of the user atlas.
        let mirror = try await pick(Int(200 + ((24 - a[0]) / perPixel.x).rounded()), Int(pixel.y))
        #expect(mirror["region"] is NSNull || (mirror["region"] as? [String: Any])?["atlas"] as? String != "labs", "\(mirror)")

        let unknown = try await server.get("/api/slice?plane=axial&mni=-20&atlas=nope")
        #expect(unknown.status == 404 && unknown.errorMessage?.contains("nope") == true)
    }
}
