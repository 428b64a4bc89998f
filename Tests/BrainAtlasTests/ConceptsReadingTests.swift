import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

@Suite struct ConceptsReadingTests {
    /// The bundled concept table reads the same directly and through Codable; a member added to
    /// `Concept` and forgotten in the direct reading fails here.
    @Test func directReadingEqualsTheCodableReading() throws {
        var compared = 0
        for root in [Fixture.atlasData, Fixture.repoAtlasData] {
            let url = root.appendingPathComponent(ConceptTable.path)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let tree = try JSONValue.parse(Data(contentsOf: url))
            let direct = try #require(ConceptTable.File(tree: tree), "the direct reading gave up on \(url.path)")
            let codable = try JSONValueDecoder.decode(ConceptTable.File.self, from: tree)
            #expect(direct.concepts == codable.concepts)
            #expect(direct.concepts.count > 10)
            #expect(direct.concepts.contains { $0.side == .left } && direct.concepts.contains { $0.side == nil })
            compared += 1
        }
        #expect(compared >= 1)
    }

    /// A missing side is nil, unknown members are ignored; a side no hemisphere spells is left to the
    /// Codable reading, whose error names the file.
    @Test func unusualConceptTables() throws {
        let concept = #"{"key": "m1", "name": "M1", "terms": ["M1"], "best": "gyri", "note": "n", "source": "s", "extra": 2, "regions": {"gyri": ["precentral"]}}"#
        let file = try #require(ConceptTable.File(tree: try JSONValue.parse(Data(#"{"about": "x", "concepts": [\#(concept)]}"#.utf8))))
        #expect(file.concepts == [Concept(key: "m1", name: "M1", terms: ["M1"], side: nil, best: "gyri", note: "n", source: "s",
                                          regions: ["gyri": ["precentral"]])])
        let bad = #"{"concepts": [\#(concept.replacingOccurrences(of: "\"extra\": 2", with: "\"side\": \"up\""))]}"#
        #expect(ConceptTable.File(tree: try JSONValue.parse(Data(bad.utf8))) == nil)
        let url = Fixture.tempDir().appendingPathComponent("concepts.json")
        try Data(bad.utf8).write(to: url)
        do {
            _ = try ConceptTable.load(from: url)
            Issue.record("accepted a side named 'up'")
        } catch let error as AtlasError {
            #expect("\(error)".contains("concepts.json") && "\(error)".contains("side"), "\(error)")
        }
    }
}
