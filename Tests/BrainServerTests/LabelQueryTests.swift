import BrainImage
import Foundation
import Testing
@testable import BrainServer

/// `labels` and `legend` on the scene endpoints: drawn by /api/render; pick answers for the same picture.
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
        // 240 px is below the side a legend needs (`SceneRequest.minimumLegendSide`): it is left out.
        #expect(differing(b, c) == 0, "a legend at 320×240 would cover the brain")
        // Labels leave the brain where it was; a legend frames it beside the box, and a pick with
        // legend=1 answers for the picture drawn with it.
        let pickLabelled = try await server.get("/api/pick?view=lateral&hemi=left&w=320&h=240&x=160&y=120&labels=1")
        let pickPlain = try await server.get("/api/pick?view=lateral&hemi=left&w=320&h=240&x=160&y=120")
        #expect(pickLabelled.status == 200 && pickLabelled.body == pickPlain.body)
        let legendOnly = try PNGDecoder.decode([UInt8](try await server.get("/api/render?view=lateral&hemi=left&w=640&h=480&shading=flat&legend=1").body))
        let plainLarge = try PNGDecoder.decode([UInt8](try await server.get("/api/render?view=lateral&hemi=left&w=640&h=480&shading=flat").body))
        #expect(differing(plainLarge, legendOnly) > 5000, "the brain moves beside the legend")
        var regions = 0
        for (x, y) in [(320, 300), (200, 300), (440, 330), (260, 360), (400, 280)] {
            let pick = try await server.get("/api/pick?view=lateral&hemi=left&w=640&h=480&x=\(x)&y=\(y)&legend=1")
            struct Answer: Decodable { struct Region: Decodable { let color: [Int] }; let region: Region? }
            guard let rgb = try JSONDecoder().decode(Answer.self, from: pick.body).region?.color else { continue }
            let p = legendOnly[x, y]
            #expect([Int(p.r), Int(p.g), Int(p.b)] == rgb, "pixel \(x),\(y)")
            regions += 1
        }
        #expect(regions >= 3)
        let bad = try await server.get("/api/render?legend=maybe")
        #expect(bad.status == 400 && bad.errorMessage?.contains("legend: 'maybe' is not true or false") == true)
    }
}
