import Testing
@testable import BrainServer

@Suite struct QueryParametersTests {
    @Test func decodesPlusAndPercentEscapes() throws {
        let q = try QueryParameters(rawQuery: "q=Broca%27s+area&atlas=functional&x=-12.5")
        #expect(q.string("q") == "Broca's area")
        #expect(q.string("atlas") == "functional")
        #expect(try q.double("x") == -12.5)
    }

    @Test func rejectsBadInputWithMessagesNamingTheField() throws {
        func message(_ body: () throws -> Void) -> String {
            do { try body(); return "" } catch let e as APIError { return e.message } catch { return "\(error)" }
        }
        #expect(message { _ = try QueryParameters(rawQuery: String(repeating: "a", count: 5000)) }.contains("4096"))
        #expect(message { _ = try QueryParameters(rawQuery: "q=%zz") }.contains("malformed"))
        #expect(message { _ = try QueryParameters(rawQuery: "q=abc%4") }.contains("malformed"))
        #expect(message { _ = try QueryParameters(rawQuery: "q=%ff%fe") }.contains("UTF-8"))
        #expect(try QueryParameters(rawQuery: "q=caf%C3%A9+%C3%A0").string("q") == "café à")
        let q = try QueryParameters(rawQuery: "w=99999&x=abc&h=12.5&name=..%2F..%2Fetc%2Fpasswd&view=sideways&flag=maybe")
        #expect(message { _ = try q.int("w", in: 1...2048) }.contains("w: 99999 is outside 1…2048"))
        #expect(message { _ = try q.double("x") }.contains("x: 'abc' is not a finite number"))
        #expect(message { _ = try q.int("h", in: 1...2048) }.contains("not an integer"))
        #expect(message { _ = try q.name("name") }.contains("looks like a path"))
        #expect(message { _ = try q.choice("view", from: ["lateral"]) }.contains("unknown value 'sideways'"))
        #expect(message { _ = try q.bool("flag") }.contains("not true or false"))
        #expect(message { try q.allowOnly(["w"]) }.contains("unknown parameter"))
        #expect(message { _ = try q.double("nan") }.isEmpty)
        let nan = try QueryParameters(rawQuery: "x=nan&y=inf")
        #expect(message { _ = try nan.double("x") }.contains("not a finite number"))
        #expect(message { _ = try nan.double("y") }.contains("not a finite number"))
    }
}
