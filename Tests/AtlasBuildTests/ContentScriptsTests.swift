import Foundation
import Testing

/// The content checks written as scripts run in the suite: the region texts (with the lobe a
/// text names against the curated lobe and the anchor) and the Brodmann validation table in docs/.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 not installed"))
struct ContentScriptsTests {
    static let repo = AtlasBuildFixture.testsRoot.deletingLastPathComponent()

    static func run(_ script: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [repo.appendingPathComponent("Scripts/\(script)").path, "--repo", repo.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func regionTextsPassTheirChecks() throws {
        let (status, output) = try Self.run("check-texts.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("checked against curated lobes and anchors"), "\(output)")
    }

    @Test func brodmannTableIsCurrentAndFailingAreasCarryCaveats() throws {
        let (status, output) = try Self.run("brodmann-validation.py", ["--check"])
        #expect(status == 0, "\(output)")
    }
}
