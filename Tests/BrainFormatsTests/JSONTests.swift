import Foundation
import Testing
@testable import BrainFormats

@Suite struct JSONTests {
    @Test func parsesEscapesUnicodeNumbersAndNesting() throws {
        let text = #"{"a": "q\"\\\/\n\u00e9\ud83e\udde0", "b": [1, -2.5e2, true, false, null], "c": {}}"#
        let v = try JSONValue.parse(Data(text.utf8))
        guard case .string(let a) = try #require(v["a"]), case .array(let b) = try #require(v["b"]),
              case .object(let c) = try #require(v["c"]) else { Issue.record("wrong shapes"); return }
        #expect(a == "q\"\\/\né🧠")
        #expect(b.count == 5 && c.isEmpty && b[4].isNull)
        #expect(b[0] == .int(1) && b[1].number == -250)
        if case .bool(let t) = b[2] { #expect(t) } else { Issue.record("not a bool") }
    }

    @Test func badJSONGivesOffsetLineAndColumn() {
        for (text, offset) in [("{\"a\": }", 6), ("[1, 2", 5), ("\"abc", 4), ("{\"a\" 1}", 5), ("[1] x", 4), ("tru", 0)] {
            do {
                _ = try JSONValue.parse(Data(text.utf8))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.offset == offset && error.line == 1 && error.column == offset + 1, "\(text): \(error)")
            }
        }
        #expect(throws: JSONParseError(offset: 17, line: 3, column: 7, message: "invalid value")) {
            try JSONValue.parse(Data("{\n \"a\": 1,\n \"b\": x}".utf8))
        }
        let deep = String(repeating: "[", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data(deep.utf8)) }
    }

    struct Sample: Codable, Equatable {
        var a10 = 1, a9 = 2, B: [Double] = [], a: [String: Int] = [:]
        var c = "q\"\\/\u{1}\u{1b}\n\t\u{8}\u{c}é🧠\u{7f}"
        var d: [Double] = [1.0, 0.1, 1e-7, 1e21, 123456789012.0, -0.0, 1e16, .leastNonzeroMagnitude, -38.5]
        var f: [Float] = [1.0, 0.9925374, 1e-7, 3e38]
        var n: Int? = nil
        var e = ["x": [1, 2], "y": []]
        var u: [UInt8] = [0, 255]
        var o: [Int?] = [1, nil]
        var nested = [["k": true]]
    }

    /// The writer must print what Foundation's encoder printed, so that every file written before keeps its bytes.
    @Test func writerMatchesFoundationByteForByte() throws {
        for pretty in [false, true] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                              : [.sortedKeys, .withoutEscapingSlashes]
            let foundation = String(decoding: try encoder.encode(Sample()), as: UTF8.self)
            #expect(try BrainJSON.string(Sample(), pretty: pretty) == foundation)
        }
    }

    @Test func decodeRoundTripsAndNamesTheMemberAtFault() throws {
        let data = try BrainJSON.encode(Sample(), pretty: true)
        #expect(try BrainJSON.decode(Sample.self, from: data) == Sample())
        struct Point: Codable { var name: String; var xyz: [Int] }
        #expect(throws: JSONError.shape(JSONDecodeError(path: "[1].xyz[2]", problem: "expected a whole number in the range of Int, found a string"))) {
            try BrainJSON.decode([Point].self, from: Data(#"[{"name":"a","xyz":[1,2,3]},{"name":"b","xyz":[1,2,"3"]}]"#.utf8))
        }
        #expect(throws: JSONError.shape(JSONDecodeError(path: "[0].name", problem: "missing key"))) {
            try BrainJSON.decode([Point].self, from: Data(#"[{"xyz":[]}]"#.utf8))
        }
        #expect(throws: JSONError.shape(JSONDecodeError(path: "(top level)", problem: "expected an array, found an object"))) {
            try BrainJSON.decode([Point].self, from: Data("{}".utf8))
        }
        // 2.5 is not a whole number; 3e2 is.
        #expect(throws: JSONError.self) { try BrainJSON.decode([Int].self, from: Data("[2.5]".utf8)) }
        #expect(try BrainJSON.decode([Int].self, from: Data("[3e2]".utf8)) == [300])
        #expect(throws: JSONError.self) { try BrainJSON.decode([UInt8].self, from: Data("[256]".utf8)) }
    }

    @Test func orderedObjectsKeepTheirMemberOrder() {
        let v = JSONValue.object([("z", .int(1)), ("a", .floats([0.5, 1])), ("m", .null)])
        #expect(v.description == #"{"z":1,"a":[0.5,1],"m":null}"#)
        #expect(JSONWriter(pretty: false, sortedKeys: true).string(v) == #"{"a":[0.5,1],"m":null,"z":1}"#)
    }
}
