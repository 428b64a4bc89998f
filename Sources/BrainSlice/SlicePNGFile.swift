import BrainFormats
import BrainImage
import Foundation

extension Slicer {
    /// Renders `request` and writes the PNG atomically to `out`; returns the `--json` summary.
    public func write(_ request: SliceRequest, to out: String) throws -> SliceResult.Summary {
        let result = try render(request)
        let url = URL(fileURLWithPath: out)
        try AtomicFile.write(Data(result.png(dpi: request.dpi)), to: url)
        return result.summary(out: out)
    }
}
