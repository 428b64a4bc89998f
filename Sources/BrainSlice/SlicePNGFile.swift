import BrainFormats
import BrainImage
import Foundation

extension Slicer {
    /// Renders `request` and writes the PNG atomically to `out`; returns the `--json` summary.
    /// `stage` hears the name of each step as it ends (`draw`, `png`, `write`), for stage timings.
    public func write(_ request: SliceRequest, to out: String, stage: (String) -> Void = { _ in }) throws -> SliceResult.Summary {
        let result = try render(request)
        stage("draw")
        let png = result.png(dpi: request.dpi)
        stage("png")
        try AtomicFile.write(Data(png), to: URL(fileURLWithPath: out))
        stage("write")
        return result.summary(out: out)
    }
}
