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

    @Test func meshVertexCountMayFollowThePOIs() throws {
        let body = "FileVersion: 2\nFromMeshFile: \"m.srf\"\nNrOfPOIs: 2\nNameOfPOI: \"a\"\nColorOfPOI: 1 2 3\nLabelVertex: 7\n"
            + "NrOfVertices: 2\n7\n3\nNameOfPOI: \"b\"\nColorOfPOI: 4 5 6\nNrOfVertices: 1\n9\n"
        for tail in ["NrOfMeshVertices: 10\nNrOfPOIMTCs: 0\n", "NrOfPOIMTCs: 0\nNrOfMeshVertices: 10\n"] {
            let text = body + tail
            let poi = try POIFile(data: Data(text.utf8), name: "late.poi")
            #expect(poi.meshVertexCount == 10)
            #expect(poi.pois.map(\.vertices) == [[7, 3], [9]])
            #expect(poi.pois[0].extraEntries.isEmpty && poi.pois[1].extraEntries.isEmpty)
            #expect(poi.encoded() == Data(text.utf8))
            let back = try POIFile(data: poi.canonicalEncoding(), name: "bv.poi")
            #expect(back.header == poi.header && back.pois == poi.pois && back.mtcs == poi.mtcs)
            // Checked at the end: an index beyond the late count names its POI.
            let bad = text.replacingOccurrences(of: "NrOfMeshVertices: 10", with: "NrOfMeshVertices: 9")
            let e = #expect(throws: FormatError.self) { try POIFile(data: Data(bad.utf8), name: "late.poi") }
            #expect(e?.field == "vertex 1 of POI \"b\"" && e?.message.contains("outside 0..<9") == true)
            let badLabel = text.replacingOccurrences(of: "NrOfMeshVertices: 10", with: "NrOfMeshVertices: 7")
            #expect((#expect(throws: FormatError.self) { try POIFile(data: Data(badLabel.utf8), name: "l.poi") })?.field == "LabelVertex")
        }
        let twice = body + "NrOfMeshVertices: 10\nNrOfMeshVertices: 10\n"
        #expect((#expect(throws: FormatError.self) { try POIFile(data: Data(twice.utf8), name: "t.poi") })?.field == "NrOfMeshVertices")
    }

    @Test func labelVertexMinusOneMeansNone() throws {
        let text = "FileVersion: 2\nFromMeshFile: \"m.srf\"\nNrOfMeshVertices: 10\nNrOfPOIs: 1\nNameOfPOI: \"p\"\n"
            + "InfoTextFile: \"\"\nColorOfPOI: 1 2 3\nLabelVertex: -1\nNrOfVertices: 1\n4\nNrOfPOIMTCs: 0\n"
        let poi = try POIFile(data: Data(text.utf8), name: "none.poi")
        #expect(poi.pois[0].labelVertex == -1)
        #expect(poi.pois[0].anchorVertex == nil)
        #expect(poi.encoded() == Data(text.utf8))
        let canonical = String(decoding: poi.canonicalEncoding(), as: UTF8.self)
        #expect(canonical.contains("LabelVertex:      -1\n"))
        #expect(try POIFile(data: poi.canonicalEncoding(), name: "bv.poi").pois == poi.pois)
        let minusTwo = text.replacingOccurrences(of: "LabelVertex: -1", with: "LabelVertex: -2")
        #expect((#expect(throws: FormatError.self) { try POIFile(data: Data(minusTwo.utf8), name: "m.poi") })?.field == "LabelVertex")
        #expect(try POIFile.read(from: Fixtures.url(path)).pois.allSatisfy { $0.anchorVertex == $0.labelVertex })
    }

    @Test func mtcListRoundTrip() throws {
        let raw = Data(("FileVersion: 2\nFromMeshFile: \"m.srf\"\nNrOfMeshVertices: 4\nNrOfPOIs: 0\n"
            + "NrOfPOIMTCs: 3\n\"run 1.mtc\"\n\"C:/data/run2: final.mtc\"\nunquoted.mtc\n").utf8)
        let poi = try POIFile(data: raw, name: "mtc.poi")
        #expect(poi.mtcs?.map(\.string) == ["run 1.mtc", "C:/data/run2: final.mtc", "unquoted.mtc"])
        #expect(poi.encoded() == raw)
        let canonical = String(decoding: poi.canonicalEncoding(), as: UTF8.self)
        #expect(canonical.hasSuffix("\nNrOfPOIMTCs: 3\n\"run 1.mtc\"\n\"C:/data/run2: final.mtc\"\n\"unquoted.mtc\"\n"))
        #expect(try POIFile(data: poi.canonicalEncoding(), name: "bv.poi").mtcs == poi.mtcs)
        // Latin-1 names keep their bytes and decode as Latin-1.
        var edited = poi
        edited.mtcs = [RawString(bytes: Array("caf".utf8) + [0xE9] + Array(".mtc".utf8))]
        #expect(edited.sourceBytes == nil)
        let back = try POIFile(data: edited.encoded(), name: "latin1.poi")
        #expect(back.mtcs?.first?.string == "café.mtc" && back.mtcs == edited.mtcs)
    }
}
