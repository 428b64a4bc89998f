import BrainImage
import Foundation
import Testing

/// `render --curvature` through the real command: a bad value names the option, and on a pial
/// render `--curvature on` changes the lit image but not the flat one.
@Suite struct CurvatureCLITests {
    @Test func badValueNamesTheOption() throws {
        let run = try CLIRun.run(["render", "--curvature", "maybe", "--out", "/tmp/never-written.png"])
        #expect(run.status != 0)
        #expect(run.errorMessage == "--curvature: 'maybe' is not on or off", "\(run.stderr)")
    }

    @Test func curvatureOnShadesLitPialRendersOnly() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ extra: [String]) throws -> RGBAImage {
            let file = folder.appendingPathComponent("\(extra.joined(separator: "-")).png")
            let run = try CLIRun.run(["render", "--hemi", "left", "--size", "160x120", "--aa", "off", "--out", file.path] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            return try PNGDecoder.decode(contentsOf: file)
        }
        let lit = try render(["--curvature", "off"]), shaded = try render(["--curvature", "on"])
        #expect(lit.pixels != shaded.pixels)
        let flat = try render(["--shading", "flat"]), flatShaded = try render(["--shading", "flat", "--curvature", "on"])
        #expect(flat.pixels == flatShaded.pixels)
    }
}
