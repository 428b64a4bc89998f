import Foundation

/// One picture of the report: its PNG bytes, size and caption.
public struct ReportFigure: Sendable {
    public let caption: String
    public let png: [UInt8]
    public let width: Int
    public let height: Int

    /// The PNG as a `data:` URI, so the page needs no other file and no network.
    var dataURI: String { "data:image/png;base64," + Data(png).base64EncodedString() }
}
