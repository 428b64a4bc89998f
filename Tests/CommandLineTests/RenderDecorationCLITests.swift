import BrainImage
import Foundation
import Testing

/// `render --outline --orientation` through the real command: both flags parse, and the image
/// differs from the plain render only by darker pixels (lines and letters).
@Suite struct RenderDecorationCLITests {
    @Test func outlineAndOrientationDarkenThePlainRender() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = ["render", "--view", "lateral", "--hemi", "left", "--size", "160x120", "--shading", "flat"]
        let plainFile = folder.appendingPathComponent("plain.png"), decoratedFile = folder.appendingPathComponent("cue.png")
        let plain = try CLIRun.run(base + ["--out", plainFile.path])
        let decorated = try CLIRun.run(base + ["--outline", "--orientation", "--out", decoratedFile.path])
        #expect(plain.status == 0 && decorated.status == 0, "\(plain.stderr) \(decorated.stderr)")
        let a = try PNGDecoder.decode(contentsOf: plainFile), b = try PNGDecoder.decode(contentsOf: decoratedFile)
        var darker = 0, lighter = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                if b[x, y].r < a[x, y].r { darker += 1 } else if b[x, y].r > a[x, y].r { lighter += 1 }
            }
        }
        #expect(darker > 100 && lighter == 0, "darker \(darker), lighter \(lighter)")
    }
}
