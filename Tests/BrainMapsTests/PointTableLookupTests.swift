import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainMaps

/// `where --table` at scale on the hand-made fixture atlases: a table large enough for distance fields, answered in
/// parallel chunks, gives row for row the answers of a plain search at each point, and its JSON text is the Codable
/// encoding of each row.
@Suite struct PointTableLookupTests {
    static let atlasData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/atlas-model/AtlasData")

    static func library() throws -> AtlasLibrary {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("braintutor-point-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        return try AtlasLibrary(root: atlasData, cacheDirectory: cache)
    }

    /// Points on a fixed pseudo-random walk over the template box, some outside it, some rows bad, a repeated
    /// column and a short row.
    static func table(rows count: Int) throws -> PointTable {
        var state: UInt64 = 38
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        var text = "study,x,y,z,study\n"
        for i in 0..<count {
            switch i % 997 {
            case 5: text += "bad \(i),1,two,3,s\n"
            case 6: text += "far \(i),0,0,500,s\n"
            case 7: text += "short \(i),1,2,3\n"
            default: text += "s\(i),\(next(-90...90)).\(next(0...9)),\(next(-125...90)),\(next(-70...100)),\"q \"\"\(i)\"\"\"\n"
            }
        }
        return try PointTable(text: text, name: "points.csv")
    }

    @Test func largeTablesGiveEachPointsOwnAnswer() throws {
        let library = try Self.library()
        let table = try Self.table(rows: PointTableLookup.distanceFieldRows + 200)
        let lookup = try PointTableLookup(library: library)
        #expect(table.points.count >= PointTableLookup.distanceFieldRows)
        let volumes = try lookup.atlases.map { try $0.labelVolume() }
        var rows = 0, nearest = 0, failed = 0
        try lookup.answer(table) { n, _, answers, error in
            #expect(n == rows, "rows come in order")
            rows += 1
            guard let answers else { failed += 1; #expect(error != nil); return }
            let voxel = try Lookup.resolve(table.points[n]!, space: .mni, grid: library.grid).voxel
            for (a, (atlas, labels)) in zip(lookup.atlases, volumes).enumerated() {
                let id = labels.label(x: voxel.x, y: voxel.y, z: voxel.z)
                if let region = atlas.region(id: id) {
                    #expect(answers[a].region?.id == region.id && answers[a].distanceMm == 0)
                    continue
                }
                let hit = labels.nearestLabel(x: voxel.x, y: voxel.y, z: voxel.z, radius: lookup.radiusMm)
                #expect(answers[a].nearest?.id == hit?.label && answers[a].distanceMm == hit?.distance.roundedToHundredths,
                        "row \(n), atlas \(atlas.name)")
                if hit != nil { nearest += 1 }
            }
        }
        #expect(rows == table.points.count && failed >= 2 * (rows / 997) && nearest >= 10, "\(nearest) nearest answers")
    }

    @Test func jsonIsEachRowsCodableEncoding() throws {
        let library = try Self.library()
        let table = try Self.table(rows: 1_200)
        let lookup = try PointTableLookup(library: library)
        var written = ""
        try lookup.writeJSON(table) { written += $0 }
        let lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var expected = ["["]
        try lookup.answer(table) { n, mni, answers, error in
            let row = PointTableLookup.Row(input: Dictionary(zip(table.columns, table.rows[n]), uniquingKeysWith: { first, _ in first }),
                                           mni: mni.map { [$0.x, $0.y, $0.z].map(\.roundedToHundredths) } ?? [],
                                           atlases: answers.map { Dictionary(uniqueKeysWithValues: zip(lookup.atlases.map(\.name), $0)) } ?? [:],
                                           error: error)
            expected.append(try BrainJSON.string(row) + (n + 1 < table.points.count ? "," : ""))
        }
        expected += ["]", ""]
        #expect(lines.count == expected.count)
        for (k, (got, want)) in zip(lines, expected).enumerated() where got != want {
            Issue.record("line \(k): \(got) ≠ \(want)")
            break
        }
        #expect(written.contains("\"nearest\":") && written.contains("\"region\":") && written.contains("\"error\":"))
    }
}
