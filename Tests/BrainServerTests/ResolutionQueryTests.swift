import BrainImage
import Foundation
import Testing
@testable import BrainServer

/// `dpi`: the PNG states its resolution (pHYs), same pixels; out of range is a 400 naming it.
@Suite(.serialized) struct ResolutionQueryTests {
    /// The pHYs chunk's data, if the PNG has one.
    static func phys(_ png: Data) -> [UInt8]? {
        let bytes = [UInt8](png)
        var at = 8
        while at + 8 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[at + 4..<at + 8], as: UTF8.self) == "pHYs" { return Array(bytes[at + 8..<at + 8 + length]) }
            at += 12 + length
        }
        return nil
    }

    @Test func dpiIsStatedAndChangesNoPixel() async throws {
        let server = try await TestServer.shared.value
        for scene in ["/api/render?view=lateral&hemi=left&w=160&h=120&shading=flat",
                      "/api/render?view=lateral&hemi=left&w=160&h=120&outline"] {
            let plain = try await server.get(scene)
            let printed = try await server.get(scene + "&dpi=300")
            #expect(plain.status == 200 && printed.status == 200)
            #expect(Self.phys(plain.body) == nil)
            #expect(Self.phys(printed.body) == [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1], "\(scene)")
            #expect(try PNGDecoder.decode([UInt8](plain.body)).pixels == (try PNGDecoder.decode([UInt8](printed.body)).pixels))
        }
        let slice = try await server.get("/api/slice?plane=axial&index=100&dpi=300")
        #expect(slice.status == 200 && Self.phys(slice.body) == [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1])
        let bad = try await server.get("/api/render?dpi=0")
        #expect(bad.status == 400 && bad.errorMessage == "dpi: '0' is not within 1…100000")
    }
}
