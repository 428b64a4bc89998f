import Foundation
import Testing

/// `build-atlas` run twice, in two processes, on the fixture crop of the sources writes the same
/// bytes: each process seeds Swift's hashing afresh, so any output that follows the order of a
/// set or dictionary, a thread's timing or the clock would differ here (the in-process double
/// build of the atlas-build tests shares one seed and cannot see it).
@Suite struct BuildAtlasRepeatCLITests {
    @Test func twoProcessesWriteTheSameBytes() throws {
        let fixture = CLIRun.repository.appendingPathComponent("Tests/Fixtures/atlas-build")
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [URL] = []
        for k in 1 ... 2 {
            let out = folder.appendingPathComponent("build\(k)")
            let run = try CLIRun.run(["build-atlas", "--sources", fixture.appendingPathComponent("sources").path,
                                      "--recipe", fixture.appendingPathComponent("recipe.json").path, "--out", out.path], data: false)
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(out)
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: outputs[0].path).sorted()
        #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: outputs[1].path).sorted()))
        var compared = 0
        for f in files {
            var directory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: outputs[0].appendingPathComponent(f).path, isDirectory: &directory)
            if directory.boolValue { continue }
            let a = try Data(contentsOf: outputs[0].appendingPathComponent(f)), b = try Data(contentsOf: outputs[1].appendingPathComponent(f))
            #expect(a == b, "\(f) differs between two processes")
            compared += 1
        }
        #expect(compared >= 30)
    }
}
