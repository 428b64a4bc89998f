import Foundation
import Testing
@testable import BrainAtlas

@Suite struct SurfaceLabelsTests {
    @Test func poiFilesPaintVertexIds() throws {
        let gyri = try Fixture.library().atlas(named: "gyri")
        let left = try gyri.surfaceLabels(.left)
        #expect(left.regionIds == [1, 1, 1, 1, 2, 2, 2, 0, 0, 0])
        let right = try gyri.surfaceLabels(.right)
        #expect(right.regionIds == [4, 0, 0, 0, 0, 0, 0, 0, 3, 3])
        #expect(right.int32 == [4, 0, 0, 0, 0, 0, 0, 0, 3, 3])
        #expect(throws: AtlasError.self) { try gyri.surfaceLabels(.none) }
        #expect(throws: AtlasError.self) { try Fixture.library().atlas(named: "subcortical").surfaceLabels(.left) }
    }

    @Test func unknownNamesAndOutOfRangeVerticesAreErrors() throws {
        let regions = try Fixture.library().atlas(named: "gyri").regions
        #expect(throws: AtlasError.badPOI("f.poi", field: "NameOfPOI[0]", problem: "'Cuneus (left)' names no left region of this atlas")) {
            try SurfaceLabels(patches: [("Cuneus (left)", [0])], vertexCount: 3, regions: regions, side: .left, file: "f.poi")
        }
        // A right-hemisphere name on the left mesh is not accepted.
        #expect(throws: AtlasError.self) {
            try SurfaceLabels(patches: [("Precentral gyrus (right)", [0])], vertexCount: 3, regions: regions, side: .left, file: "f.poi")
        }
        #expect(throws: AtlasError.self) {
            try SurfaceLabels(patches: [("precentral", [3])], vertexCount: 3, regions: regions, side: .left, file: "f.poi")
        }
    }

    @Test func poiReadingChecksCountsAndNamesTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("st-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.poi")
        try Data("FileVersion: 2\nNrOfMeshVertices: 5\nNrOfPOIs: 1\nNameOfPOI: \"a\"\nNrOfVertices: 1000000000\n0\n".utf8).write(to: bad)
        #expect(throws: AtlasError.self) { try SurfaceLabels.read(bad, regions: [], side: .left) }
        let good = dir.appendingPathComponent("good.poi")
        try Data("FileVersion: 2\r\nNrOfMeshVertices: 5\r\nNrOfPOIs: 1\r\nNameOfPOI: \"precentral (left)\"\r\nNrOfVertices: 2\r\n0\r\n4\r\nNrOfPOIMTCs: 0\r\n".utf8).write(to: good)
        let regions = try Fixture.library().atlas(named: "gyri").regions
        let labels = try SurfaceLabels.read(good, regions: regions, side: .left)
        #expect(labels.vertexCount == 5)
        #expect(labels.regionIds[0] != 0 && labels.regionIds[4] == labels.regionIds[0] && labels.regionIds[1] == 0)
    }
}
