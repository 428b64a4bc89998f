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
                // Luminance, not one channel: a near-black line is lighter in red than a dark teal region.
                let before = luminance(a[x, y]), after = luminance(b[x, y])
                if after < before { darker += 1 } else if after > before { lighter += 1 }
            }
        }
        #expect(darker > 100 && lighter == 0, "darker \(darker), lighter \(lighter)")
    }
}

/// Rec. 709 luma of an 8-bit colour, enough to say which of two colours is darker.
private func luminance(_ c: RGBA) -> Int { 2126 * Int(c.r) + 7152 * Int(c.g) + 722 * Int(c.b) }
