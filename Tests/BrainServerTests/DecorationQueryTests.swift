import BrainImage
import Foundation
import Testing
@testable import BrainServer

/// `outline` and `orientation` on the scene endpoints: drawn by /api/render, accepted (and
/// harmless) on render.json and pick, checked like every other true/false parameter.
@Suite(.serialized) struct DecorationQueryTests {
    static let scene = "/api/render?view=lateral&hemi=left&w=160&h=120&shading=flat"

    @Test func renderDrawsOutlineAndOrientationOnlyWhenAsked() async throws {
        let server = try await TestServer.shared.value
        let plain = try await server.get(Self.scene)
        let decorated = try await server.get(Self.scene + "&outline=true&orientation=true")
        #expect(plain.status == 200 && decorated.status == 200)
        let a = try PNGDecoder.decode([UInt8](plain.body)), b = try PNGDecoder.decode([UInt8](decorated.body))
        var darker = 0
        for y in 0..<a.height {
            for x in 0..<a.width where Int(b[x, y].r) < Int(a[x, y].r) { darker += 1 }
        }
        #expect(darker > 100, "outline and letters darken pixels: \(darker)")
        // The bottom-left corner holds the letters on the white background.
        var corner = 0
        for y in (a.height * 3 / 4)..<a.height { for x in 0..<(a.width / 4) where Int(b[x, y].r) + 60 < Int(a[x, y].r) { corner += 1 } }
        #expect(corner > 20)
    }

    @Test func jsonAndPickAcceptTheOptionsAndAnswerAlike() async throws {
        let server = try await TestServer.shared.value
        let query = "view=lateral&hemi=left&w=160&h=120"
        let plain = try await server.get("/api/render.json?\(query)")
        let with = try await server.get("/api/render.json?\(query)&outline=1&orientation=yes")
        #expect(plain.status == 200 && with.status == 200)
        let regions = { (r: TestServer.Reply) in ((r.json as? [String: Any])?["regions"] as? [Any])?.count }
        #expect(regions(plain) != nil && regions(plain) == regions(with))
        let pick = try await server.get("/api/pick?\(query)&x=80&y=60&outline=true")
        let pickPlain = try await server.get("/api/pick?\(query)&x=80&y=60")
        #expect(pick.status == 200 && pick.body == pickPlain.body)
        let bad = try await server.get("/api/render?outline=maybe")
        #expect(bad.status == 400 && bad.errorMessage?.contains("outline: 'maybe' is not true or false") == true)
    }
}
