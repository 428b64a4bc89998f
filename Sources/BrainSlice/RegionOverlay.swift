import BrainAtlas
import BrainImage

/// How atlas regions are painted over the grey image: one precomputed blend entry per label,
/// so the pixel loop does a table load and integer arithmetic only.
public struct RegionOverlay: Sendable {
    /// One label's blend: `out = (grey·inverse + premultiplied) >> 8`, and its outline colour.
    struct Entry: Sendable {
        var premultiplied: (UInt16, UInt16, UInt16)
        var inverse: UInt16
        var outline: UInt32
        /// False for unlabelled / unknown labels and transparent entries.
        var visible: Bool
    }

    /// Indexed by label value (region id); index 0 is "unlabelled".
    let entries: [Entry]
    public let opacity: Double
    public let highlighted: Set<Int>
    public let dimOthers: Bool

    /// The colour region `id` is drawn in (its outline colour: tinted when dimmed), nil when hidden.
    public func drawnColour(_ id: Int) -> RGBA? {
        guard id > 0, id < entries.count, entries[id].visible else { return nil }
        let c = entries[id].outline
        return RGBA(UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF))
    }

    /// Highlighted regions are shown strongly; with `dimOthers` the rest become light tints.
    public init(regions: [Region], opacity: Double = 0.5, highlighted: Set<Int> = [], dimOthers: Bool = false) {
        self.opacity = opacity
        self.highlighted = highlighted
        self.dimOthers = dimOthers
        let maxId = min(Int(UInt16.max), regions.map(\.id).max() ?? 0)
        let hidden = Entry(premultiplied: (0, 0, 0), inverse: 256, outline: 0, visible: false)
        var table = [Entry](repeating: hidden, count: maxId + 1)
        for region in regions where region.id > 0 && region.id <= maxId {
            var (r, g, b) = (Double(region.color.r), Double(region.color.g), Double(region.color.b))
            var alpha = opacity
            if !highlighted.isEmpty {
                if highlighted.contains(region.id) {
                    alpha = min(1, max(0.8, opacity * 1.6))
                } else if dimOthers {
                    // A pale, faint version of the colour: the region stays findable but recedes.
                    (r, g, b) = (r + (255 - r) * 0.6, g + (255 - g) * 0.6, b + (255 - b) * 0.6)
                    alpha = opacity * 0.4
                }
            }
            let a = UInt16((max(0, min(1, alpha)) * 256).rounded())
            table[region.id] = Entry(
                premultiplied: (UInt16(r.rounded()) * a, UInt16(g.rounded()) * a, UInt16(b.rounded()) * a),
                inverse: 256 - a,
                outline: ColourMap.pack((UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()))),
                visible: a > 0)
        }
        entries = table
    }
}
