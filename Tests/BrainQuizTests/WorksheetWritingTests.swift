import Foundation
import Testing
@testable import BrainQuiz

/// A worksheet is written whole or not at all: a write that fails part-way (a full disk) takes back what
/// it wrote, and the folder too when the write made it.
@Suite struct WorksheetWritingTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The second file's folder does not exist, so its write fails after the first has landed.
    static let failing: [(name: String, data: Data)] = [("q1.png", Data([1, 2, 3])), ("missing/q2.png", Data([4]))]

    @Test func aFailedWriteLeavesNoFolderItMade() throws {
        let parent = try Self.folder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let out = parent.appendingPathComponent("quiz")
        #expect(throws: (any Error).self) { try QuizWorksheet.writeAll(Self.failing, into: out) }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aFailedWriteKeepsAFolderThatWasThereButNotItsOwnFiles() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
        #expect(throws: (any Error).self) { try QuizWorksheet.writeAll(Self.failing, into: out) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
    }

    @Test func aWholeWriteLandsEveryFile() throws {
        let parent = try Self.folder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let out = parent.appendingPathComponent("quiz")
        try QuizWorksheet.writeAll([("a.md", Data("a".utf8)), ("b.json", Data("{}".utf8))], into: out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["a.md", "b.json"])
    }
}
