import Foundation
import Testing
@testable import BrainAtlas

@Suite struct JSONValueTests {
    @Test func parsesEscapesUnicodeNumbersAndNesting() throws {
        let text = #"{"a": "q\"\\\/\n\u00e9\ud83e\udde0", "b": [1, -2.5e2, true, false, null], "c": {}}"#
        let v = try JSONValue.parse(Data(text.utf8))
        guard case .string(let a) = try #require(v["a"]), case .array(let b) = try #require(v["b"]),
              case .object(let c) = try #require(v["c"]) else { Issue.record("wrong shapes"); return }
        #expect(a == "q\"\\/\né🧠")
        #expect(b.count == 5 && c.isEmpty && b[4].isNull)
        if case .number(let n) = b[1] { #expect(n == -250) } else { Issue.record("not a number") }
        if case .bool(let t) = b[2] { #expect(t) } else { Issue.record("not a bool") }
    }

    @Test func badJSONGivesTheOffset() {
        for (text, offset) in [("{\"a\": }", 6), ("[1, 2", 5), ("\"abc", 4), ("{\"a\" 1}", 5), ("[1] x", 4), ("tru", 0)] {
            do {
                _ = try JSONValue.parse(Data(text.utf8))
                Issue.record("accepted \(text)")
            } catch let error as JSONParseError {
                #expect(error.offset == offset, "\(text): \(error)")
            } catch { Issue.record("\(error)") }
        }
        let deep = String(repeating: "[", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data(deep.utf8)) }
    }

    @Test func fastCatalogReaderAgreesWithJSONDecoder() throws {
        for root in [Fixture.atlasData, Fixture.repoAtlasData] {
            let url = root.appendingPathComponent("catalog.json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let data = try Data(contentsOf: url)
            #expect(try Catalog.decode(data, path: url.path) == JSONDecoder().decode(Catalog.self, from: data))
        }
    }
}
