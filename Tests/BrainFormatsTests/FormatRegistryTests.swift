import Foundation
import Testing
@testable import BrainFormats

@Suite struct FormatRegistryTests {
    func inspect(_ path: String) throws -> (text: String, object: [String: Any]) {
        let text = try FormatRegistry.inspect(Fixtures.url(path), json: true)
        return (text, try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])
    }

    /// Keys in the order the issue specifies.
    func keys(_ text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"[{,]"([A-Za-z]+)":"#)
        let top = text.replacingOccurrences(of: #"\{"min".*?\]\}"#, with: "0", options: .regularExpression)
        return regex.matches(in: top, range: NSRange(top.startIndex..., in: top)).map { String(top[Range($0.range(at: 1), in: top)!]) }
    }

    @Test func vmrJSON() throws {
        let (text, o) = try inspect("bvbabel/sub-test03.vmr")
        #expect(text == #"{"format":"vmr","version":4,"dims":[179,33,135],"voxelSize":[0.9925374,0.99,0.9925373],"offset":[0,0,0],"framingCube":179,"referenceSpace":1,"transformations":1,"voxelSum":90093993}"#)
        #expect(o.int("voxelSum") == (try Fixtures.expected("bvbabel/sub-test03.vmr")).int("voxel_sum"))
        let nib = try inspect("nibabel/test.vmr").text
        #expect(nib == #"{"format":"vmr","version":4,"dims":[3,4,5],"voxelSize":[1,1,1],"offset":[0,0,0],"framingCube":256,"referenceSpace":0,"transformations":2,"voxelSum":7218}"#)
        let v3 = try inspect("derived/test_v3.vmr").text
        #expect(v3.contains(#""version":3,"#) && v3.contains(#""referenceSpace":null"#) && v3.contains(#""framingCube":256"#))
    }

    @Test func srfJSON() throws {
        let path = "bvbabel/sub-test03_cube.srf"
        let (text, o) = try inspect(path)
        let e = try Fixtures.expected(path)
        #expect(keys(text) == ["format", "version", "vertexCount", "triangleCount", "meshCenter", "firstVertex", "boundingBox"])
        #expect(o.string("format") == "srf")
        #expect(abs(o.double("version") - 4.1) < 1e-6)
        #expect(o.int("vertexCount") == 866 && o.int("triangleCount") == 1728)
        #expect(zip(o.doubles("meshCenter"), e.doubles("mesh_center")).allSatisfy { abs($0 - $1) < 1e-5 })
        #expect(zip(o.doubles("firstVertex"), e.doubles("first_vertex")).allSatisfy { abs($0 - $1) < 1e-5 })
        let box = o.dict("boundingBox")
        #expect(zip(box.doubles("min"), e.doubles("bbox_min")).allSatisfy { abs($0 - $1) < 1e-5 })
        #expect(zip(box.doubles("max"), e.doubles("bbox_max")).allSatisfy { abs($0 - $1) < 1e-5 })
    }

    @Test func voiAndPoiJSON() throws {
        #expect(try inspect("bvbabel/sub-test03.voi").text
            == #"{"format":"voi","version":4,"referenceSpace":"BV","vois":[{"name":"test voi 1","color":[255,0,0],"voxelCount":90},{"name":"test-voi-2","color":[0,255,0],"voxelCount":45},{"name":"test_voi_3","color":[0,0,255],"voxelCount":27}]}"#)
        #expect(try inspect("bvbabel/sub-test03_cube.poi").text
            == #"{"format":"poi","version":2,"meshVertexCount":866,"pois":[{"name":"POI 1","color":[33,120,255],"vertexCount":37},{"name":"POI 2","color":[168,255,115],"vertexCount":17},{"name":"POI 3","color":[245,219,158],"vertexCount":1}]}"#)
    }

    @Test func humanSummaries() throws {
        let text = try FormatRegistry.inspect(Fixtures.url("bvbabel/sub-test03.vmr"), json: false)
        #expect(text.contains("179 × 33 × 135"))
        #expect(text.contains("transformation type 7, 16 values"))
        let srf = try FormatRegistry.inspect(Fixtures.url("bvbabel/sub-test03_cube.srf"), json: false)
        #expect(srf.contains("866 vertices, 1728 triangles"))
    }

    @Test(arguments: ["bvbabel/sub-test03.vmr", "bvbabel/sub-test03_cube.srf", "bvbabel/sub-test03.voi",
                      "bvbabel/sub-test03_cube.poi", "nibabel/test.vmr", "derived/test_v1.vmr", "derived/sub-test03_cube_as_v3.srf"])
    func convertRoundTripsThroughGzip(_ path: String) throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = Fixtures.url(path).lastPathComponent
        let gz = dir.appendingPathComponent(name + ".gz"), plain = dir.appendingPathComponent("back-" + name)
        try FormatRegistry.convert(Fixtures.url(path), to: gz)
        #expect(Gzip.isGzip(try Data(contentsOf: gz)))
        try FormatRegistry.convert(gz, to: plain)
        #expect(try Data(contentsOf: plain) == Fixtures.data(path))
        // gzip content is sniffed even when the name does not say .gz.
        let disguised = dir.appendingPathComponent("disguised-" + name)
        try FileManager.default.copyItem(at: gz, to: disguised)
        #expect(try FormatRegistry.read(disguised).formatName == FormatRegistry.format(for: Fixtures.url(path)).name)
    }

    @Test func unknownExtensionsAndConversionsAreTypedErrors() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(FormatRegistry.formatExtension(of: URL(fileURLWithPath: "/a/brain.nii.gz")) == "nii")
        #expect(throws: FormatError.self) { try FormatRegistry.inspect(URL(fileURLWithPath: "/a/b.xyz"), json: true) }
        #expect(throws: FormatError.self) {
            try FormatRegistry.convert(Fixtures.url("bvbabel/sub-test03.voi"), to: dir.appendingPathComponent("x.srf"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.srf").path))
    }
}
