import Testing
@testable import BrainMaps

@Suite struct PointTableTests {
    @Test func csvWithQuotesAndExtraColumnsKeepsEverything() throws {
        let table = try PointTable(text: "name,X,Y,Z,note\r\n\"peak, \"\"left\"\"\",-40,-20.5,50,a\r\n\r\nV1,10,-80,6\n", name: "p.csv")
        #expect(table.columns == ["name", "X", "Y", "Z", "note"])
        #expect(table.rows == [["peak, \"left\"", "-40", "-20.5", "50", "a"], ["V1", "10", "-80", "6", ""]])
        #expect(table.points == [SIMD3(-40, -20.5, 50), SIMD3(10, -80, 6)])
    }

    @Test func tsvAndBadInput() throws {
        #expect(try PointTable(text: "x\ty\tz\n1\t2\t3\n", name: "p.tsv").points == [SIMD3(1, 2, 3)])
        #expect(throws: MapsError.self) { try PointTable(text: "a,b,c\n1,2,3\n", name: "p.csv") }
        #expect(throws: MapsError.self) { try PointTable(text: "x,y,z\n1,two,3\n", name: "p.csv") }
        #expect(throws: MapsError.self) { try PointTable(text: "x,y,z\n1,2,3,4\n", name: "p.csv") }
        #expect(throws: MapsError.self) { try PointTable(text: "", name: "p.csv") }
    }
}
