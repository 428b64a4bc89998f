import Foundation
import Testing
@testable import BrainFormats

// Expected values were read from lh.sulc with Python's struct/numpy (big-endian f32).
private func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/importers/\(name)")
}

/// FreeSurfer curvature files (`lh.sulc`) and the SRF MeshColor greys that carry convexity.
@Suite struct CurvatureFileTests {
    @Test func fsaverage6Sulc() throws {
        let sulc = try FreeSurferCurvature(contentsOf: fixture("lh.sulc.gz"))
        #expect(sulc.vertexCount == 40962 && sulc.faceCount == 81920)
        #expect(sulc.values[0] == -0.781268835067749)
        #expect(sulc.values[100] == -0.07329601794481277)
        #expect(sulc.values[40961] == 0.4248533248901367)
        #expect(sulc.values.min() == -1.5145500898361206 && sulc.values.firstIndex(of: sulc.values.min()!) == 34141)
        #expect(sulc.values.max() == 1.825244665145874 && sulc.values.firstIndex(of: sulc.values.max()!) == 35099)
        // Writing gives the file's bytes back.
        #expect(sulc.encoded() == [UInt8](try FileSource.read(fixture("lh.sulc.gz"), sizeLimit: FreeSurferSizeLimits.curvature)))
    }

    @Test func badCurvatureFilesNameTheField() throws {
        let bytes = [UInt8](try FileSource.read(fixture("lh.sulc.gz"), sizeLimit: FreeSurferSizeLimits.curvature))
        let cut = #expect(throws: FormatError.self) { try FreeSurferCurvature(bytes: Array(bytes.prefix(1000)), name: "cut.sulc") }
        #expect(cut?.field == "vertex count")
        let surface = #expect(throws: FormatError.self) { try FreeSurferCurvature(bytes: [0xFF, 0xFF, 0xFE] + bytes.dropFirst(3), name: "lh.pial") }
        #expect(surface?.field == "magic")
        var two = bytes
        two[14] = 2  // values per vertex
        let multi = #expect(throws: FormatError.self) { try FreeSurferCurvature(bytes: two, name: "two.sulc") }
        #expect(multi?.field == "values per vertex")
        var nan = bytes
        nan.replaceSubrange(15 + 4 * 7 ..< 15 + 4 * 8, with: [0x7F, 0xC0, 0, 0])
        let notFinite = #expect(throws: FormatError.self) { try FreeSurferCurvature(bytes: nan, name: "nan.sulc") }
        #expect(notFinite?.field == "vertex 7")
    }

    @Test func greysEncodeConvexityWithinHalfAStep() {
        let step = 1 / Float(CurvatureGreys.span)
        for k in -100...100 {
            let c = Float(k) / 80
            let code = CurvatureGreys.meshColor(convexity: c)
            let grey = code & 0xFF
            #expect(code == 0x3F00_0000 | grey << 16 | grey << 8 | grey)
            #expect((48...208).contains(Int(grey)))
            let back = try! #require(CurvatureGreys.convexity(meshColor: code))
            #expect(abs(back - max(-1, min(1, c))) <= step / 2 + 1e-6, "\(c)")
        }
        // Gyri (positive convexity) are light, sulci dark.
        #expect(CurvatureGreys.meshColor(convexity: 1) & 0xFF == 208)
        #expect(CurvatureGreys.meshColor(convexity: -1) & 0xFF == 48)
        // Not greys of this range: curvature colour codes, colours, greys outside 48…208.
        for code: UInt32 in [0, 1, 1005, 0x3F10_2030, 0x3F14_1414, 0x3FF0_F0F0, 0x4080_8080] {
            #expect(CurvatureGreys.convexity(meshColor: code) == nil, "\(String(code, radix: 16))")
        }
        #expect(CurvatureGreys.convexities([0x3F80_8080, 0]) == nil)
        #expect(CurvatureGreys.convexities([]) == nil)
    }

    @Test func srfRoundTripKeepsTheCurvatureGreys() throws {
        let sulc = try FreeSurferCurvature(contentsOf: fixture("lh.sulc.gz")).values
        // A small real mesh with the first sulc values as convexity.
        let cube = try SRFFile.read(from: fixture("../bv/bvbabel/sub-test03_cube.srf"))
        let convexity = (0..<cube.vertexCount).map { -sulc[$0] / 1.25 }
        let srf = try SRFFile(vertices: cube.vertices, normals: cube.normals, triangles: cube.triangles,
                              colors: convexity.map { CurvatureGreys.meshColor(convexity: $0) })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("curv-\(UUID().uuidString).srf")
        defer { try? FileManager.default.removeItem(at: url) }
        try AtomicFile.write(try srf.encoded(), to: url)
        let back = try SRFFile.read(from: url)
        #expect(back.colors == srf.colors)
        let decoded = try #require(CurvatureGreys.convexities(back.colors))
        for (d, c) in zip(decoded, convexity) {
            #expect(abs(d - max(-1, min(1, c))) <= 0.5 / Float(CurvatureGreys.span) + 1e-6)
        }
    }
}
