import BrainImage
import Foundation
import Testing
@testable import BrainServer

/// `labels` and `legend` on the scene endpoints: drawn by /api/render, harmless on pick.
@Suite(.serialized) struct LabelQueryTests {
    static let scene = "/api/render?view=lateral&hemi=left&w=320&h=240&shading=flat"

    @Test func renderDrawsLabelsAndLegendOnlyWhenAsked() async throws {
        let server = try await TestServer.shared.value
        let plain = try await server.get(Self.scene)
        let labelled = try await server.get(Self.scene + "&labels=1")
        let both = try await server.get(Self.scene + "&labels=1&legend=1")
        #expect(plain.status == 200 && labelled.status == 200 && both.status == 200)
        let a = try PNGDecoder.decode([UInt8](plain.body)), b = try PNGDecoder.decode([UInt8](labelled.body))
        let c = try PNGDecoder.decode([UInt8](both.body))
        func differing(_ p: RGBAImage, _ q: RGBAImage) -> Int {
            var n = 0
            for y in 0..<p.height { for x in 0..<p.width where p[x, y] != q[x, y] { n += 1 } }
            return n
        }
        #expect(differing(a, b) > 500)
        #expect(differing(b, c) > 500, "the legend adds a box")
        let pick = try await server.get("/api/pick?view=lateral&hemi=left&w=320&h=240&x=160&y=120&labels=1&legend=1")
        let pickPlain = try await server.get("/api/pick?view=lateral&hemi=left&w=320&h=240&x=160&y=120")
        #expect(pick.status == 200 && pick.body == pickPlain.body)
        let bad = try await server.get("/api/render?legend=maybe")
        #expect(bad.status == 400 && bad.errorMessage?.contains("legend: 'maybe' is not true or false") == true)
    }
}
