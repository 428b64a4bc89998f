import BrainImage
import Foundation
import Testing

/// `render --labels --legend` through the real command: text is drawn, the font comes from
/// `$BRAINTUTOR_FONT` when set (a wrong path is an error naming it), and the options are checked.
@Suite struct RenderLabelsCLITests {
    static let base = ["render", "--view", "lateral", "--hemi", "left", "--size", "320x240", "--shading", "flat"]

    @Test func labelsAndLegendChangeTheImage() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plainFile = folder.appendingPathComponent("plain.png"), textFile = folder.appendingPathComponent("text.png")
        // 640×480: the smallest size with room for a legend beside the brain (at 320×240 it is left out).
        let base = Self.base.map { $0 == "320x240" ? "640x480" : $0 }
        let plain = try CLIRun.run(base + ["--out", plainFile.path])
        let text = try CLIRun.run(base + ["--labels", "--legend", "--out", textFile.path])
        #expect(plain.status == 0 && text.status == 0, "\(plain.stderr) \(text.stderr)")
        let a = try PNGDecoder.decode(contentsOf: plainFile), b = try PNGDecoder.decode(contentsOf: textFile)
        var changed = 0, dark = 0
        func isDark(_ p: RGBA) -> Bool { max(p.r, p.g, p.b) < 70 }
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                changed += 1
                if isDark(b[x, y]) && !isDark(a[x, y]) { dark += 1 }
            }
        }
        // Dark text over white halos and a light legend box.
        #expect(changed > 2000 && dark > 300, "changed \(changed), newly dark \(dark)")
    }

    @Test func badFontPathIsAnErrorNamingIt() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("x.png")
        let run = try CLIRun.run(Self.base + ["--labels", "--out", out.path],
                                 environment: ["BRAINTUTOR_FONT": "/nonexistent/NoSuchFont.ttf"])
        #expect(run.status != 0)
        #expect(run.errorMessage?.contains("/nonexistent/NoSuchFont.ttf") == true, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
