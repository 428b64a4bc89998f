import BrainAtlas
import BrainQuiz
import Foundation
import Testing
@testable import BrainRender
@testable import BrainSlice

/// The option tables of the README and of docs/SERVER.md are the request tables themselves: each
/// block between `<!-- options:KIND -->` and `<!-- /options -->` must be what `markdownRows`
/// generates, so an option added to a table and not to the docs (or the other way round) fails
/// here. `BRAINTUTOR_WRITE_OPTIONS=1 swift test --filter OptionTablesTests` writes the blocks.
@Suite(.serialized) struct OptionTablesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let documents = ["README.md", "docs/SERVER.md"]

    static let header = ["| option | query key | default | what it does |", "|---|---|---|---|"]

    static let tables: [(kind: String, rows: [String])] = [
        ("scene", SceneRequest.fields.markdownRows(defaults: SceneRequest())),
        ("slice", SliceRequest.fields.markdownRows(defaults: SliceRequest.defaults)),
        ("quiz", QuizRequest.fields.markdownRows(defaults: QuizRequest())),
    ]

    @Test(arguments: documents, tables.map(\.kind))
    func tableIsGenerated(_ document: String, _ kind: String) throws {
        let url = Self.root.appendingPathComponent(document)
        var text = try String(contentsOf: url, encoding: .utf8)
        let open = "<!-- options:\(kind) -->", close = "<!-- /options -->"
        let start = try #require(text.range(of: open), "\(document) has no \(open) block")
        let end = try #require(text.range(of: close, range: start.upperBound..<text.endIndex))
        let block = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let expected = Self.header + Self.tables.first { $0.kind == kind }!.rows
        if ProcessInfo.processInfo.environment["BRAINTUTOR_WRITE_OPTIONS"] == "1", block != expected {
            text.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n" + expected.joined(separator: "\n") + "\n")
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(block == expected, "\(document) \(kind) options should read:\n\(expected.joined(separator: "\n"))")
    }

    /// Every field the front ends read is in a table row with its spellings, and no two fields
    /// share a spelling (so `--labels` cannot mean two things in one command).
    @Test func spellingsAreUnique() {
        func check<R>(_ table: RequestFieldTable<R>) {
            let cli = table.fields.compactMap(\.cli), query = table.fields.compactMap(\.query)
            #expect(Set(cli).count == cli.count && Set(query).count == query.count)
            #expect(cli.allSatisfy { $0.hasPrefix("--") && !$0.contains(" ") })
        }
        check(SceneRequest.fields)
        check(SliceRequest.fields)
        check(QuizRequest.fields)
    }
}
