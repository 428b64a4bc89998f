import Foundation
import Testing
@testable import BrainServer

/// Malformed and hostile requests: always 4xx with a JSON message that says what was wrong.
@Suite struct BadRequestTests {
    static let cases: [(path: String, status: Int, mentions: String)] = [
        ("/api/render?w=99999&h=10", 400, "w/h: '99999x10' makes an image side of 99999 pixels, outside 1…4096"),
        ("/api/render?w=2048&h=4097", 400, "w/h: '2048x4097'"),
        ("/api/render?w=-5", 400, "w/h: '-5x768'"),
        ("/api/render?atlas=nope", 404, "unknown atlas 'nope'"),
        ("/api/render?atlas=..%2F..%2Fetc%2Fpasswd", 400, "looks like a path"),
        ("/api/render?highlight=../catalog.json", 400, "looks like a path"),
        ("/api/render?view=sideways", 400, "view: 'sideways' is not one of lateral"),
        ("/api/render?view=lateral&hemi=both", 400, "hemi"),
        ("/api/render?surface=white", 400, "surface"),
        ("/api/render?shading=toon", 400, "shading"),
        ("/api/render?highlight=zzqqxxyy&w=64&h=64", 404, "zzqqxxyy"),
        ("/api/render?bogus=1", 400, "unknown parameter 'bogus'"),
        ("/api/pick?x=abc&y=3", 400, "x: 'abc' is not an integer"),
        ("/api/pick?x=3", 400, "x and y"),
        ("/api/pick?w=100&h=100&x=100&y=5", 400, "outside the 100×100 image"),
        ("/api/pick?x=-1&y=5", 400, "outside"),
        ("/api/where?x=1&y=two&z=3", 400, "y: 'two' is not a finite number"),
        ("/api/where?x=1&y=2", 400, "x, y and z"),
        ("/api/where?x=500&y=0&z=0", 400, "outside"),
        ("/api/where?x=1&y=2&z=3&space=martian", 400, "space"),
        ("/api/where?x=nan&y=0&z=0", 400, "not a finite number"),
        ("/api/where?x=0&y=0&z=0&radius=99", 400, "radius: '99' must be 0…50 mm"),
        ("/api/info?q=", 400, "q: missing"),
        ("/api/info?q=qqqqzzzzxxxx", 404, "no region matches"),
        ("/api/info?q=precentral&atlas=nope", 404, "unknown atlas"),
        ("/api/info?q=..%2F..%2Fsecret", 400, "looks like a path"),
        ("/api/regions?atlas=nope", 404, "unknown atlas"),
        ("/api/regions?atlas=gyri&hemi=middle", 400, "hemi"),
        ("/api/slice?plane=oblique&index=3", 400, "plane: 'oblique' is not axial, coronal or sagittal"),
        ("/api/slice?index=3", 400, "plane: missing"),
        ("/api/slice?plane=axial", 400, "index, mni or at: give exactly one"),
        ("/api/slice?plane=axial&index=300", 400, "axial index 300 is outside 0 (superior) … 255 (inferior)"),
        ("/api/slice?plane=axial&index=1&mni=2", 400, "index, mni or at: give only one"),
        ("/api/slice?plane=axial&index=100&interp=bicubic", 400, "interp: 'bicubic' is not nearest, linear or cubic"),
        ("/api/slice?plane=axial&mni=9999", 400, "outside"),
        ("/api/slice?plane=axial&index=100&opacity=7", 400, "opacity"),
        ("/api/slice?plane=axial&index=100&scale=50", 400, "scale"),
        ("/api/slice?plane=axial&index=100&atlas=nope", 404, "unknown atlas"),
        ("/api/slice?plane=axial&index=100&highlight=qqqqzzzzxxxx", 404, "qqqqzzzzxxxx"),
        ("/api/info?q=%ff%fe", 400, "not valid UTF-8"),
        ("/api/nothing", 404, "no such endpoint"),
        ("/api/info?q=%2Fetc%2Fpasswd", 400, "looks like a path"),
        ("/api/info?q=a%5Cb", 400, "looks like a path"),
        ("/api/render?view=Sideways", 400, "view: 'Sideways' is not one of"),
        ("/api/render?hemi=middle", 400, "hemi: 'middle' is not one of left, right, both"),
        ("/api/regions?atlas=gyri&hemi=sideways", 400, "hemi: 'sideways' is not left, right, both or none"),
        ("/api/search?q=", 400, "q: missing"),
        ("/api/search?q=precentral&limit=0", 400, "limit: 0 is outside 1…500"),
        ("/api/search?q=precentral&limit=501", 400, "limit: 501 is outside 1…500"),
        ("/api/search?q=precentral&limit=many", 400, "limit: 'many' is not an integer"),
        ("/api/search?q=precentral&atlas=nope", 404, "unknown atlas"),
        ("/api/search?q=..%2Fx", 400, "looks like a path"),
        ("/api/slice?plane=axial&at=1,2", 400, "at: '1,2' is not X,Y,Z"),
        ("/api/slice?plane=axial&at=1,2,3&index=4", 400, "index, mni or at: give only one"),
        ("/api/slice?plane=axial&index=3&space=tal", 400, "space: only applies to at"),
        ("/api/slice?plane=axial&at=1,2,3&space=martian", 400, "space: 'martian' is not mni, tal or voxel"),
        ("/api/slice?plane=axial&at=500,0,0", 400, "outside"),
        ("/api/slice/pick?plane=axial&mni=10&x=5", 400, "x/y: both pixel coordinates of the slice image are required"),
        ("/api/slice/pick?plane=axial&mni=10&x=abc&y=5", 400, "x/y: 'abc,5' is not X,Y (two numbers)"),
        ("/api/slice/pick?plane=axial&mni=10&x=9&y=4000", 400, "x/y: '9,4000' is outside the 620×765 image"),
        ("/api/slice/pick?plane=axial&mni=10&x=310&y=740", 400, "x/y: '310,740' is on the caption, not on the slice"),
        ("/api/slice/pick?plane=axial&mni=999&x=3&y=3", 400, "mni: '999' mm is BV y index"),
        ("/api/slice?plane=axial&mni=10&pick=3,3", 400, "unknown parameter 'pick'"),
        ("/api/render?x=" + String(repeating: "9", count: 5000), 414, "limit is 4096"),
    ]

    @Test(arguments: 0..<cases.count) func answersWithAClearError(_ index: Int) async throws {
        let (path, status, mentions) = Self.cases[index]
        let reply = try await TestServer.shared.value.get(path)
        #expect(reply.status == status, "\(path) → \(reply.status) \(reply.errorMessage ?? "")")
        #expect(reply.contentType.hasPrefix("application/json"), "\(path)")
        let message = try #require(reply.errorMessage, "\(path) has no error message")
        #expect(message.contains(mentions), "\(path): '\(message)' does not mention '\(mentions)'")
    }

    /// Other methods on every route: 405 naming the allowed ones (every route is a GET route);
    /// on a path no route has, 404; a method no route takes, 405 anywhere. HEAD answers like GET
    /// without a body.
    @Test func otherMethodsGet405AndHeadWorks() async throws {
        let server = try await TestServer.shared.value
        for path in ["/api/info?q=precentral", "/api/render", "/healthz", "/", "/api/scene", "/api/mesh/pial-left",
                     "/api/mesh/nothing", "/api/labels/gyri/pial-left", "/shaders/lit.vert", "/main.js"] {
            for method in ["POST", "PUT", "DELETE", "PATCH"] {
                let reply = try await server.send(method, path)
                #expect(reply.status == 405, "\(method) \(path) → \(reply.status)")
                #expect(reply.errorMessage?.contains("use GET") == true, "\(method) \(path)")
                #expect(reply.header("Allow") == "GET, HEAD", "\(method) \(path)")
            }
        }
        #expect(try await server.get("/api/nothing").status == 404)
        for method in ["POST", "PUT"] {
            let reply = try await server.send(method, "/api/nothing")
            #expect(reply.status == 404 && reply.errorMessage == "no such endpoint", "\(method) /api/nothing → \(reply.status)")
        }
        let options = try await server.send("OPTIONS", "/api/nothing")
        #expect(options.status == 405 && options.header("Allow") == "GET, HEAD")
        let head = try await server.send("HEAD", "/api/atlases")
        #expect(head.status == 200 && head.body.isEmpty && head.contentType.hasPrefix("application/json"))
        #expect(try await server.send("HEAD", "/api/info?q=").status == 400)
    }

    @Test func theServerStillAnswersAfterBadRequests() async throws {
        let server = try await TestServer.shared.value
        for (path, _, _) in Self.cases { _ = try await server.get(path) }
        #expect(try await server.get("/healthz").status == 200)
    }
}
