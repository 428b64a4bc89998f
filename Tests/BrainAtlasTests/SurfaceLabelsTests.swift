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

    @Test func poiParserChecksCounts() throws {
        #expect(throws: AtlasError.self) { try PatchFile.parse("NrOfPOIs: 1\nNameOfPOI: \"a\"\nNrOfVertices: 1\n0\n", file: "x") }
        #expect(throws: AtlasError.self) {
            try PatchFile.parse("NrOfMeshVertices: 5\nNameOfPOI: \"a\"\nNrOfVertices: 1000000000\n0\n", file: "x")
        }
        let p = try PatchFile.parse("NrOfMeshVertices: 5\r\nNameOfPOI: \"a b\"\r\nNrOfVertices: 2\r\n0\r\n4\r\nNrOfPOIMTCs: 0\r\n", file: "x")
        #expect(p.vertexCount == 5 && p.patches.count == 1 && p.patches[0].name == "a b" && p.patches[0].vertices == [0, 4])
    }
}
