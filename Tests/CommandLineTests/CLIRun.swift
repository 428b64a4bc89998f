import Foundation

/// Runs the built `braintutor` executable (next to the test bundle, or `$BRAINTUTOR_BIN`) and
/// collects its exit status and output.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var dataPath: String { repository.appendingPathComponent("AtlasData").path }

    static var executable: URL {
        if let bin = ProcessInfo.processInfo.environment["BRAINTUTOR_BIN"] { return URL(fileURLWithPath: bin) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("braintutor")
    }

    /// The message of `error: <message>` on stderr (its first line).
    var errorMessage: String? {
        stderr.split(separator: "\n").first { $0.hasPrefix("error: ") }.map { String($0.dropFirst("error: ".count)) }
    }

    /// stdout as a JSON object.
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
    }

    /// With `shell`, `arguments` go to /bin/sh instead (a limit set with `ulimit` before `exec`).
    static func run(_ arguments: [String], in folder: URL? = nil, data: Bool = true,
                    environment extra: [String: String] = [:], shell: Bool = false) throws -> CLIRun {
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if data { environment["BRAINTUTOR_DATA"] = dataPath }
        environment.merge(extra) { $1 }
        process.environment = environment
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh empty folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
