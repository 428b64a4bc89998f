import BrainFormats
import BrainImage
import Foundation

/// One picture of the report: its PNG bytes, size and caption, the file name it is saved under
/// (`report --figures`) and, where it has one, its vector form.
public struct ReportFigure: Sendable {
    public let caption: String
    public let png: [UInt8]
    public let width: Int
    public let height: Int
    /// The stem of its files in `report --figures DIR` (`glass-brain`, `cluster-1-axial`, …).
    public var name = "figure"
    /// An SVG whose text and marks are vector shapes; nil where the picture is all pixels.
    public var vectorSVG: String?

    /// The PNG as a `data:` URI, so the page needs no other file and no network.
    var dataURI: String { "data:image/png;base64," + Data(png).base64EncodedString() }

    /// The figure as SVG: its own vector form, or the PNG embedded at its size.
    public var svg: String { vectorSVG ?? SVGFigure(width: width, height: height).document(png: png) }
}

extension Array where Element == ReportFigure {
    /// Writes every figure as `NAME.png` and `NAME.svg` in `folder` (created if missing), each file
    /// atomically; returns the paths written.
    public func write(toFolder folder: String) throws -> [String] {
        let url = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        var written: [String] = []
        for figure in self {
            for (ext, data) in [("png", Data(figure.png)), ("svg", Data(figure.svg.utf8))] {
                let file = url.appendingPathComponent("\(figure.name).\(ext)")
                try AtomicFile.writeRaw(data, to: file)
                written.append(file.path)
            }
        }
        return written
    }
}
