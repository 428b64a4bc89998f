/// Per-vertex convexity stored as SRF MeshColor direct greys (docs/file-formats.md §4.3): the one
/// rule both the atlas build (writing) and the renderer (reading) use.
///
/// Convexity runs from −1 (deepest sulcus) to +1 (gyral crown); grey = `middle` + `span` ×
/// convexity, rounded to the nearest integer, so BrainVoyager shows gyri light and sulci dark.
public enum CurvatureGreys {
    public static let middle = 128
    public static let span = 80
    /// The packed-colour marker BrainVoyager puts in the top byte of a direct colour.
    static let directMarker: UInt32 = 0x3F00_0000

    /// The MeshColor of a convexity (clamped to −1…1).
    public static func meshColor(convexity: Float) -> UInt32 {
        let c = Double(max(-1, min(1, convexity.isFinite ? convexity : 0)))
        let grey = UInt32(middle + Int((c * Double(span)).rounded()))
        return directMarker | grey << 16 | grey << 8 | grey
    }

    /// The convexity a MeshColor encodes, or nil when it is not a direct grey of this range.
    public static func convexity(meshColor code: UInt32) -> Float? {
        guard code & 0xFF00_0000 == directMarker else { return nil }
        let r = Int((code >> 16) & 0xFF), g = Int((code >> 8) & 0xFF), b = Int(code & 0xFF)
        guard r == g, g == b, abs(r - middle) <= span else { return nil }
        return Float(r - middle) / Float(span)
    }

    /// Every vertex's convexity, or nil when any MeshColor is not such a grey (meshes written
    /// without curvature carry 0, the convex colour, everywhere).
    public static func convexities(_ colors: [UInt32]) -> [Float]? {
        var out = [Float]()
        out.reserveCapacity(colors.count)
        for code in colors {
            guard let c = convexity(meshColor: code) else { return nil }
            out.append(c)
        }
        return out.isEmpty ? nil : out
    }
}
