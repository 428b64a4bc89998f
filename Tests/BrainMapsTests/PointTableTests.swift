import Testing
@testable import BrainMaps

@Suite struct PointTableTests {
    @Test func csvWithQuotesAndExtraColumnsKeepsEverything() throws {
        let table = try PointTable(text: "name,X,Y,Z,note\r\n\"peak, \"\"left\"\"\",-40,-20.5,50,a\r\n\r\nV1,10,-80,6\n", name: "p.csv")
        #expect(table.columns == ["name", "X", "Y", "Z", "note"])
        #expect(table.rows == [["peak, \"left\"", "-40", "-20.5", "50", "a"], ["V1", "10", "-80", "6", ""]])
        #expect(table.points == [SIMD3(-40, -20.5, 50), SIMD3(10, -80, 6)])
        #expect(table.rowNumbers == [2, 4] && table.errors == [nil, nil])
    }

    @Test func separatorsAliasesAndDecimalCommas() throws {
        // atlasreader's own peak table and the usual aliases, in any case.
        let peaks = try PointTable(text: "cluster_id,peak_x,peak_y,peak_z,peak_value\n1,-42,-58,-12,7.1\n", name: "peaks.csv")
        #expect(peaks.points == [SIMD3(-42, -58, -12)] && peaks.separator == ",")
        #expect(try PointTable(text: "MNI_X\tMNI_Y\tMNI_Z\n1\t2\t3\n", name: "p.tsv").points == [SIMD3(1, 2, 3)])
        #expect(try PointTable(text: "X;Y;Z\n-38,5;-22;56\n", name: "p.csv").points == [SIMD3(-38.5, -22, 56)])
        #expect(try PointTable(text: "Tal X,Tal Y,Tal Z\n4,5,6\n", name: "p.csv").points == [SIMD3(4, 5, 6)])
    }

    @Test func badRowsCarryTheirRowNumberAndTheRestGoOn() throws {
        let table = try PointTable(text: "x,y,z\n1,2,3\n\n1,two,3\n1,2,3,4\n4,5,6\n", name: "p.csv")
        #expect(table.points == [SIMD3(1, 2, 3), nil, nil, SIMD3(4, 5, 6)])
        #expect(table.errors[1] == "row 4: column y: \"two\" is not a number")
        #expect(table.errors[2] == "row 5: 4 fields, the header has 3")
        #expect(table.errors[0] == nil && table.errors[3] == nil)
    }

    @Test func tsvAndBadInput() throws {
        #expect(try PointTable(text: "x\ty\tz\n1\t2\t3\n", name: "p.tsv").points == [SIMD3(1, 2, 3)])
        #expect(throws: MapsError.self) { try PointTable(text: "a,b,c\n1,2,3\n", name: "p.csv") }
        #expect(throws: MapsError.self) { try PointTable(text: "", name: "p.csv") }
    }
}
