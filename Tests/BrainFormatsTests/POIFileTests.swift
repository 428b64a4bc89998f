import Foundation
import Testing
@testable import BrainFormats

@Suite struct POIFileTests {
    let path = "bvbabel/sub-test03_cube.poi"

    @Test func reproducesExpectedValues() throws {
        let e = try Fixtures.expected(path)
        let raw = try Fixtures.data(path)
        #expect(raw.count == e.int("file_size"))
        let poi = try POIFile(data: raw, name: path)
        #expect(poi.version == e.int("file_version"))
        #expect(poi.fromMeshFile == e.string("from_mesh_file"))
        #expect(poi.meshVertexCount == e.int("n_mesh_vertices"))
        #expect(poi.pois.count == e.int("n_pois"))
        for (p, x) in zip(poi.pois, e.dicts("pois")) {
            #expect(p.name.string == x.string("name"))
            #expect(p.infoTextFile?.string == x.string("info_text_file"))
            #expect([Int(p.color.x), Int(p.color.y), Int(p.color.z)] == x.ints("color_rgb"))
            #expect(p.labelVertex.map(Int.init) == x.int("label_vertex"))
            #expect(p.vertices.count == x.int("n_vertices"))
            #expect(p.vertices.first.map(Int.init) == x.int("first_vertex"))
            #expect(p.vertices.last.map(Int.init) == x.int("last_vertex"))
            #expect(p.vertices.reduce(0) { $0 + Int($1) } == x.int("vertex_index_sum"))
            #expect(p.vertices.min().map(Int.init) == x.int("min_vertex"))
            #expect(p.vertices.max().map(Int.init) == x.int("max_vertex"))
        }
        #expect(poi.mtcs?.count == e.int("n_poi_mtcs"))
        // The POI fits the cube mesh: same vertex count.
        #expect(try SRFFile.read(from: Fixtures.url("bvbabel/sub-test03_cube.srf")).vertexCount == poi.meshVertexCount)
    }

    @Test func roundTripAndBrainVoyagerLayout() throws {
        let raw = try Fixtures.data(path)
        let poi = try POIFile(data: raw, name: path)
        #expect(poi.encoded() == raw)
        #expect(poi.canonicalEncoding() == raw)
    }

    @Test func version1WithoutOptionalKeysAndCRLF() throws {
        let text = "FileVersion: 1\r\nFromMeshFile: \"lh.srf\"\r\nNrOfMeshVertices: 10\r\nNrOfPOIs: 1\r\n"
            + "NameOfPOI: \"V1 left\"\r\nColorOfPOI: 1 2 3\r\nNrOfVertices: 3\r\n0\r\n9\r\n5\r\nNrOfPOIMTCs: 1\r\n\"a b.mtc\"\r\n"
        let poi = try POIFile(data: Data(text.utf8), name: "v1.poi")
        #expect(poi.version == 1)
        #expect(poi.pois[0].name.string == "V1 left")
        #expect(poi.pois[0].labelVertex == nil && poi.pois[0].infoTextFile == nil)
        #expect(poi.pois[0].vertices == [0, 9, 5])
        #expect(poi.mtcs?.map(\.string) == ["a b.mtc"])
        let back = try POIFile(data: poi.canonicalEncoding(), name: "bv.poi")
        #expect(back.pois == poi.pois && back.mtcs == poi.mtcs && back.meshVertexCount == 10)
    }

    @Test func newFileWritesBVLayout() throws {
        let poi = POIFile(meshVertexCount: 866, fromMeshFile: "sub-test03_cube.srf",
                          pois: [POI(name: "POI 3", color: SIMD3(245, 219, 158), vertices: [417], labelVertex: 417)])
        let text = String(decoding: poi.encoded(), as: UTF8.self)
        #expect(text.hasPrefix("\nFileVersion:      2\n\nFromMeshFile:     \"sub-test03_cube.srf\"\n\nNrOfMeshVertices: 866\n\n\nNrOfPOIs:         1\n\n"))
        #expect(text.hasSuffix("NameOfPOI:        \"POI 3\"\nInfoTextFile:     \"\"\nColorOfPOI:       245 219 158\nLabelVertex:      417\nNrOfVertices:     1\n417\n\n\nNrOfPOIMTCs: 0\n"))
    }
}
