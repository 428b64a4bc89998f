import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

@Suite struct RegionTextsReadingTests {
    /// Every texts file of the fixture and of the bundled data reads the same directly and through
    /// Codable; a member added to the Codable types and forgotten in the direct reading fails here.
    @Test func directReadingEqualsTheCodableReading() throws {
        var compared = 0
        for root in [Fixture.atlasData, Fixture.repoAtlasData] {
            let folder = root.appendingPathComponent("texts")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where name.hasSuffix(".json") && name != "concepts.json" {
                let tree = try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent(name)))
                let direct = try #require(RegionTexts.File(tree: tree), "the direct reading gave up on \(name)")
                let codable = try JSONValueDecoder.decode(RegionTexts.File.self, from: tree)
                #expect(direct.atlas == codable.atlas && direct.regions == codable.regions, "\(name)")
                #expect(!direct.regions.isEmpty)
                compared += 1
            }
        }
        #expect(compared >= 1)
    }

    /// Absent or null synonyms are none, unknown members are ignored, a repeated key keeps its last
    /// value; a member of the wrong type is left to the Codable reading, whose error names it.
    @Test func unusualTextsFiles() throws {
        let text = #"{"atlas": "gyri", "extra": 1, "regions": {"a": {"text": "A"}, "b": {"text": "B", "synonyms": null}, "c": {"text": "x", "text": "C", "synonyms": ["cc"]}}}"#
        let file = try #require(RegionTexts.File(tree: try JSONValue.parse(Data(text.utf8))))
        #expect(file.regions["a"] == RegionTexts.Entry(text: "A", synonyms: []))
        #expect(file.regions["b"] == RegionTexts.Entry(text: "B", synonyms: []))
        #expect(file.regions["c"] == RegionTexts.Entry(text: "C", synonyms: ["cc"]))
        let bad = #"{"atlas": "gyri", "regions": {"a": {"text": 3}}}"#
        #expect(RegionTexts.File(tree: try JSONValue.parse(Data(bad.utf8))) == nil)
        let dir = Fixture.tempDir()
        let url = dir.appendingPathComponent("gyri.json")
        try Data(bad.utf8).write(to: url)
        do {
            _ = try RegionTexts.read(from: url, expectedAtlas: "gyri")
            Issue.record("accepted a number as a text")
        } catch let error as AtlasError {
            #expect("\(error)".contains("gyri.json") && "\(error)".contains("text"), "\(error)")
        }
    }
}
