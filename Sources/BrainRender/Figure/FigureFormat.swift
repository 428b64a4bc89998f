/// What `render --out` writes, by the file's extension: PNG, or SVG/PDF with editable text.
public enum FigureFormat: String, Sendable, CaseIterable {
    case png, svg, pdf

    /// The format a path's extension names (any case); PNG for any other.
    public init(path: String) {
        let lower = path.lowercased()
        self = Self.allCases.first { lower.hasSuffix("." + $0.rawValue) } ?? .png
    }
}
