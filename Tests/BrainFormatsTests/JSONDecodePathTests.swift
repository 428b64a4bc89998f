import Foundation
import Testing
@testable import BrainFormats

/// The decoder's scalar fast paths (keyed members, optional members, array elements) still
/// read the right values and name the member at fault in every position.
@Suite struct JSONDecodePathTests {
    struct Inner: Decodable, Equatable {
        var name: String
        var size: Int?
        var weights: [Float]
        var code: UInt8?
    }

    struct Outer: Decodable, Equatable {
        var items: [Inner]
        var flag: Bool
        var scale: Double
    }

    private func decode(_ text: String) throws(JSONError) -> Outer {
        try BrainJSON.decode(Outer.self, from: Data(text.utf8))
    }

    @Test func readsScalarsOptionalsAndArrays() throws {
        let outer = try decode(#"{"items":[{"name":"a","size":null,"weights":[1,2.5]},{"name":"b","size":3,"weights":[],"code":255}],"flag":true,"scale":2e3}"#)
        #expect(outer == Outer(items: [Inner(name: "a", size: nil, weights: [1, 2.5], code: nil),
                                       Inner(name: "b", size: 3, weights: [], code: 255)],
                               flag: true, scale: 2000))
    }

    @Test func namesTheMemberAtFault() {
        let cases: [(String, String, String)] = [
            (#"{"items":[{"name":"a","weights":[]},{"name":"b","size":"x","weights":[]}],"flag":true,"scale":1}"#,
             "items[1].size", "expected a whole number in the range of Int, found a string"),
            (#"{"items":[{"name":"a","weights":[1,"2"]}],"flag":true,"scale":1}"#,
             "items[0].weights[1]", "expected a number, found a string"),
            (#"{"items":[{"weights":[]}],"flag":true,"scale":1}"#, "items[0].name", "missing key"),
            (#"{"items":[],"flag":1,"scale":1}"#, "flag", "expected a boolean, found a number"),
            (#"{"items":[{"name":"a","weights":[],"code":256}],"flag":true,"scale":1}"#,
             "items[0].code", "expected a whole number in the range of UInt8, found a number"),
            (#"{"items":{},"flag":true,"scale":1}"#, "items", "expected an array, found an object"),
        ]
        for (text, path, problem) in cases {
            #expect(throws: JSONError.shape(JSONDecodeError(path: path, problem: problem))) { try decode(text) }
        }
    }
}
