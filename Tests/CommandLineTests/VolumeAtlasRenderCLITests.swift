import Foundation
import Testing

/// `render --atlas tissue`: tissue labels volumes only, so the surface shows no region. The render
/// still succeeds (the viewer lists the atlas and draws its planes), and both the stderr note and
/// `--json` say why the cortex is grey and where the regions are seen.
@Suite struct VolumeAtlasRenderCLITests {
    @Test func aVolumeOnlyAtlasSaysItHasNoSurfaceLabels() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("tissue.png").path
        let run = try CLIRun.run(["render", "--atlas", "tissue", "--size", "160x120", "--json", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: atlas tissue labels volumes only and has no surface labels"), "\(run.stderr)")
        #expect(run.stderr.contains("slice --atlas tissue") && run.stderr.contains("--planes"), "\(run.stderr)")
        let json = try #require(run.json)
        let notes = try #require(json["notes"] as? [String])
        #expect(notes.count == 1 && notes[0].contains("no surface labels"), "\(notes)")
        #expect((json["regions"] as? [Any])?.isEmpty == true)
        // A surface atlas has nothing to say; the tissue planes show its regions, so no note either.
        let gyri = try CLIRun.run(["render", "--atlas", "gyri", "--size", "160x120", "--json", "--out", out])
        #expect(gyri.status == 0 && !gyri.stderr.contains("note:") && gyri.json?["notes"] == nil, "\(gyri.stderr)")
        let planes = try CLIRun.run(["render", "--atlas", "tissue", "--planes", "0,0,0", "--size", "160x120", "--out", out])
        #expect(planes.status == 0 && !planes.stderr.contains("note:"), "\(planes.stderr)")
    }
}
