import Foundation
import Testing

/// The file-format rows of the new-user table, through the real executable.
@Suite struct FormatsCLIRowTests {
    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formats-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static let fixtures = CLIRun.repository.appendingPathComponent("Tests/Fixtures/bv")

    @Test func inspectNamesDirectoriesAndMissingExtensions() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let onDir = try CLIRun.run(["inspect", dir.path], data: false)
        #expect(onDir.status != 0 && onDir.errorMessage == "\(dir.path): is a directory, not a file")
        try Data("x".utf8).write(to: dir.appendingPathComponent("brain"))
        let bare = try CLIRun.run(["inspect", "brain"], in: dir, data: false)
        #expect(bare.status != 0)
        #expect(bare.errorMessage?.hasPrefix("brain: extension: has no extension; supported: .vmr, .v16") == true, "\(bare.stderr)")
    }

    @Test func inspectEscapesControlCharactersOfFileText() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("bvbabel/sub-test03.voi"), encoding: .utf8)
        let url = dir.appendingPathComponent("bell.voi")
        try source.replacingOccurrences(of: "test voi 1", with: "test\u{1B}[31m voi\u{07} 1").write(to: url, atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["inspect", url.path], data: false)
        #expect(run.status == 0)
        #expect(run.stdout.contains(#"test\x1B[31m voi\x07 1"#))
        #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func vmrWithoutItsTailIsAcceptedWithAWarning() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = try Data(contentsOf: Self.fixtures.appendingPathComponent("nibabel/test.vmr"))
        let url = dir.appendingPathComponent("short.vmr")
        try full.prefix(full.count - 12).write(to: url)
        let run = try CLIRun.run(["inspect", url.path], data: false)
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: short.vmr: OrigV16MinValue, OrigV16MeanValue, OrigV16MaxValue: missing"))
    }

    @Test func buildAtlasNamesABadSourcesFolderAndRecipe() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nowhere").path
        let run = try CLIRun.run(["build-atlas", "--sources", missing, "--out", dir.appendingPathComponent("out").path], data: false)
        #expect(run.status != 0 && run.stderr.contains("sources folder \(missing) not found"), "\(run.stderr)")
        let empty = try CLIRun.run(["build-atlas", "--sources", dir.path, "--out", dir.appendingPathComponent("out").path], data: false)
        #expect(empty.status != 0 && empty.stderr.contains("sources folder \(dir.path) lacks "), "\(empty.stderr)")
        let recipe = dir.appendingPathComponent("recipe.json")
        try Data("{\n  \"formatVersion\": 1,\n  oops\n}".utf8).write(to: recipe)
        let bad = try CLIRun.run(["build-atlas", "--sources", dir.path, "--recipe", recipe.path,
                                  "--out", dir.appendingPathComponent("out").path], data: false)
        #expect(bad.status != 0 && bad.stderr.contains("recipe.json: line 3, column 3: not valid JSON"), "\(bad.stderr)")
    }
}
