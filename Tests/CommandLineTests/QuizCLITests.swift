import Foundation
import Testing

/// `braintutor quiz` through the real command: the files it promises, the same worksheet for
/// the same seed, markers on the answer as `pick` names it, and bad options named.
@Suite struct QuizCLITests {
    static func answers(_ folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("answers.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func nameModeWritesImagesKeyAndOnePrintablePage() throws {
        let a = try CLIRun.temporaryFolder(), b = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        let args = ["quiz", "--atlas", "gyri", "--count", "4", "--seed", "3", "--mode", "name", "--format", "html"]
        let first = try CLIRun.run(args + ["--out", a.path]), second = try CLIRun.run(args + ["--out", b.path])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: a.path).sorted()
        #expect(files == ["answers.json", "answers.md", "q01.png", "q02.png", "q03.png", "q04.png", "worksheet.html"])
        for name in files {
            let x = try Data(contentsOf: a.appendingPathComponent(name)), y = try Data(contentsOf: b.appendingPathComponent(name))
            #expect(x == y, "\(name) differs between two runs with one seed")
        }
        let json = try Self.answers(a)
        let questions = try #require(json["questions"] as? [[String: Any]])
        #expect(questions.count == 4)
        #expect(json["files"] as? [String] == ["q01.png", "q02.png", "q03.png", "q04.png", "answers.json", "answers.md", "worksheet.html"])
        #expect(questions.map { $0["file"] as? String } == ["q01.png", "q02.png", "q03.png", "q04.png"])
        let html = try String(contentsOf: a.appendingPathComponent("worksheet.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "src=\"data:image/png;base64,").count == 5)
        #expect(html.contains("page-break-before:always"))
        let key = try String(contentsOf: a.appendingPathComponent("answers.md"), encoding: .utf8)
        for q in questions {
            let answer = try #require(q["answer"] as? [String: Any])
            #expect(key.contains("| \(q["number"] as? Int ?? 0) | \(answer["name"] as? String ?? "?") (left) |"))
        }
    }

    @Test func findModeMarkersSitOnTheAnswerAsPickNamesIt() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLIRun.run(["quiz", "--count", "5", "--seed", "12", "--hemi", "right", "--out", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try Self.answers(folder)
        let md = try String(contentsOf: folder.appendingPathComponent("worksheet.md"), encoding: .utf8)
        for q in try #require(json["questions"] as? [[String: Any]]) {
            let view = try #require(q["view"] as? [String: Any]), marker = try #require(q["marker"] as? [Int])
            let file = try #require(q["file"] as? String)
            #expect(file == "find-\(view["name"] as? String ?? "")-right.png")
            #expect(md.contains("](\(file))"))
            let pick = try CLIRun.run(["pick", String(marker[0]), String(marker[1]), "--json", "--atlas", "gyri",
                                       "--view", view["name"] as? String ?? "", "--hemi", "right", "--size", "800x600"])
            let region = (pick.json?["region"] as? [String: Any])?["id"] as? Int
            #expect(region == (q["answer"] as? [String: Any])?["id"] as? Int, "marker \(marker) of question \(q["number"] ?? 0)")
        }
    }

    @Test func badOptionsAreNamed() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (option, value) in [("--count", "0"), ("--seed", "x"), ("--mode", "guess"), ("--atlas", "nope"),
                                ("--review", "1,1"), ("--format", "pdf"), ("--hemi", "top")] {
            let run = try CLIRun.run(["quiz", option, value, "--out", folder.path])
            #expect(run.status != 0 && run.errorMessage?.hasPrefix("\(option): '\(value)'") == true, "\(option): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written on error")
    }
}
