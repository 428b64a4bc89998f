import BrainQuiz
import Foundation
import Testing
@testable import BrainServer

/// `/api/quiz`: deterministic per query, answers visible in their views as render.json reports
/// them, plausible distinct distractors, and bad keys named in the 400.
@Suite(.serialized) struct QuizRouteTests {
    typealias JSONObject = [String: Any]

    static func questions(_ reply: TestServer.Reply) -> [JSONObject] {
        ((reply.json as? JSONObject)?["questions"] as? [JSONObject]) ?? []
    }

    @Test func sameQueryGivesTheSameBytesAndSeedsDiffer() async throws {
        let server = try await TestServer.shared.value
        let a = try await server.get("/api/quiz?atlas=gyri&count=10&seed=7&mode=name")
        let b = try await server.get("/api/quiz?seed=7&mode=name&count=10&atlas=gyri")
        #expect(a.status == 200 && a.contentType.hasPrefix("application/json"))
        #expect(a.body == b.body, "one query, one reply")
        let c = try await server.get("/api/quiz?atlas=gyri&count=10&seed=8&mode=name")
        let ids = { (r: TestServer.Reply) in Self.questions(r).map { ($0["answer"] as? JSONObject)?["id"] as? Int ?? -1 } }
        #expect(ids(a).count == 10 && ids(a) != ids(c), "seeds 7 and 8 give other sets: \(ids(a)) \(ids(c))")
        let top = try #require(a.json as? JSONObject)
        #expect(top["atlas"] as? String == "gyri" && top["mode"] as? String == "name" && top["seed"] as? Int == 7)
        #expect(top["hemi"] as? String == "left" && top["count"] as? Int == 10 && top["minPixels"] as? Int == 300)
        #expect(top["size"] as? [Int] == [480, 360])
    }

    @Test func answersAreVisibleInTheirViewsAsRenderJSONReports() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/quiz?atlas=gyri&count=12&seed=3&mode=find&hemi=both")
        let questions = Self.questions(reply)
        #expect(questions.count == 12)
        var answers = Set<Int>()
        var sides = Set<String>()
        for q in questions {
            let answer = try #require(q["answer"] as? JSONObject)
            let id = try #require(answer["id"] as? Int)
            #expect(answers.insert(id).inserted, "answer \(id) asked twice")
            let view = try #require(q["view"] as? JSONObject)
            let name = try #require(view["name"] as? String), hemi = try #require(view["hemi"] as? String)
            sides.insert(hemi)
            #expect(answer["hemisphere"] as? String == hemi)
            #expect((q["distractors"] as? [Any])?.isEmpty == true && (q["choices"] as? [Any])?.isEmpty == true)
            let report = try await server.get("/api/render.json?atlas=gyri&view=\(name)&hemi=\(hemi)&w=480&h=360")
            let regions = ((report.json as? JSONObject)?["regions"] as? [JSONObject]) ?? []
            let pixels = regions.first { $0["id"] as? Int == id }?["pixels"] as? Int
            #expect(pixels == q["pixels"] as? Int, "question \(q["number"] ?? 0): render.json says \(pixels ?? -1)")
            #expect((pixels ?? 0) >= 300)
            #expect((q["anchorMni"] as? [Double])?.count == 3)
        }
        #expect(sides == ["left", "right"], "hemi=both draws from both sides")
    }

    @Test func nameModeChoicesAreFourDistinctNamesOfTheAnswersSide() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/quiz?atlas=gyri&count=20&seed=11&mode=name&hemi=right")
        for q in Self.questions(reply) {
            let answer = try #require(q["answer"] as? JSONObject)
            let distractors = try #require(q["distractors"] as? [JSONObject])
            let choices = try #require(q["choices"] as? [JSONObject])
            #expect(distractors.count == 3 && choices.count == 4)
            let names = choices.compactMap { $0["name"] as? String }
            #expect(Set(names).count == 4, "choices share a name: \(names)")
            #expect(choices.contains { $0["id"] as? Int == answer["id"] as? Int })
            for d in distractors {
                #expect(d["atlas"] as? String == "gyri" && d["hemisphere"] as? String == "right")
                #expect(d["id"] as? Int != answer["id"] as? Int)
            }
        }
    }

    @Test func reviewIDsComeFirst() async throws {
        let server = try await TestServer.shared.value
        // Two left gyri that show well laterally: taken from a plain quiz, asked back in reverse.
        let plain = Self.questions(try await server.get("/api/quiz?count=5&seed=2"))
        let ids = plain.compactMap { ($0["answer"] as? JSONObject)?["id"] as? Int }
        let wanted = [ids[4], ids[2]]
        let reply = try await server.get("/api/quiz?count=5&seed=99&review=\(wanted[0]),\(wanted[1])")
        let got = Self.questions(reply).compactMap { ($0["answer"] as? JSONObject)?["id"] as? Int }
        #expect(Array(got.prefix(2)) == wanted && Set(got).count == 5)
    }

    @Test func badValuesNameTheirKey() async throws {
        let server = try await TestServer.shared.value
        for (query, key) in [("count=0", "count"), ("count=51", "count"), ("count=ten", "count"),
                             ("seed=-1", "seed"), ("seed=4294967296", "seed"), ("mode=guess", "mode"),
                             ("hemi=top", "hemi"), ("atlas=nope", "atlas"), ("review=1,1", "review"),
                             ("review=99999", "review"), ("review=x", "review"), ("colour=red", "colour")] {
            let reply = try await server.get("/api/quiz?\(query)")
            #expect(reply.status == 400, "\(query) → \(reply.status)")
            #expect(reply.errorMessage?.contains(key) == true, "\(query): \(reply.errorMessage ?? "no error")")
        }
    }
}
