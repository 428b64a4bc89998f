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
        /// The line along the region's border on smooth slices: its colour (the region's, darkened
        /// when pale so it shows on white matter) and how it is drawn.
        var contour: UInt32 = 0
        var line: Line = .none
        /// A highlighted region: its border line contrasts with its own fill (block grids draw it too).
        var emphasised = false
    }

    /// The border line a region gets on smooth slices.
    enum Line: Sendable {
        case none
        /// One anti-aliased pixel: every region by default.
        case thin
        /// A band a quarter of a voxel wide (at least 2 px): `--outline` and highlighted regions.
        case bold
    }

    /// Indexed by label value (region id); index 0 is "unlabelled".
    let entries: [Entry]
    public let opacity: Double
    public let highlighted: Set<Int>
    public let dimOthers: Bool

    /// The colour region `id` is drawn in (its outline colour: tinted when dimmed), nil when hidden.
    public func drawnColor(_ id: Int) -> RGBA? {
        guard id > 0, id < entries.count, entries[id].visible else { return nil }
        let c = entries[id].outline
        return RGBA(UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF))
    }

    /// The default fill opacity (`OverlayTint`, shared with the 3D planes).
    public static let defaultOpacity = OverlayTint.defaultOpacity
    /// Border lines are darkened until their relative luminance is at most this (pale yellows
    /// and pinks would vanish on white matter's grey).
    static let maximumContourLuminance = 0.4
    /// A highlighted region is filled almost opaquely, so a line in its own hue would vanish into
    /// the fill: its line is white or the colour darkened to this luminance, whichever contrasts more.
    static let highlightContourLuminance = 0.03

    /// Highlighted regions are shown strongly and outlined; with `dimOthers` the rest become
    /// light tints. `outline` outlines every region boldly. Without `fill` only the border lines
    /// are drawn (over a statistical map).
    public init(regions: [Region], opacity: Double = RegionOverlay.defaultOpacity, highlighted: Set<Int> = [],
                dimOthers: Bool = false, outline: Bool = false, fill: Bool = true) {
        self.opacity = opacity
        self.highlighted = highlighted
        self.dimOthers = dimOthers
        let maxId = min(Int(UInt16.max), regions.map(\.id).max() ?? 0)
        let hidden = Entry(premultiplied: (0, 0, 0), inverse: 256, outline: 0, visible: false)
        var table = [Entry](repeating: hidden, count: maxId + 1)
        for region in regions where region.id > 0 && region.id <= maxId {
            let (r, g, b, alpha) = OverlayTint.tint(region.color, opacity: opacity,
                                                    highlighted: highlighted.isEmpty ? nil : highlighted.contains(region.id),
                                                    dimOthers: dimOthers)
            let a = fill ? UInt16((alpha * 256).rounded()) : 0
            let tinted = !highlighted.isEmpty && dimOthers && !highlighted.contains(region.id)
            let emphasised = highlighted.contains(region.id)
            table[region.id] = Entry(
                premultiplied: (UInt16(r.rounded()) * a, UInt16(g.rounded()) * a, UInt16(b.rounded()) * a),
                inverse: 256 - a,
                outline: ColorMap.pack((UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()))),
                visible: a > 0 || !fill,
                contour: emphasised ? Self.highlightContour(r, g, b) : Self.contourColor(r, g, b),
                line: emphasised || outline ? .bold : tinted ? .none : .thin,
                emphasised: emphasised)
        }
        entries = table
    }

    /// The region's colour scaled down until its relative luminance (Rec. 709 weights on the
    /// linearised channels) is at most `maximumContourLuminance`; darker colours stay as they are.
    static func contourColor(_ r: Double, _ g: Double, _ b: Double, maximum: Double = maximumContourLuminance) -> UInt32 {
        let c = (UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()))
        let y = SRGBTransfer.luminance(c.0, c.1, c.2)
        guard y > maximum else { return ColorMap.pack(c) }
        let f = maximum / y
        func scaled(_ v: UInt8) -> UInt8 { SRGBTransfer.encoded(SRGBTransfer.linearTable[Int(v)] * f) }
        return ColorMap.pack((scaled(c.0), scaled(c.1), scaled(c.2)))
    }

    /// The border line of a highlighted region: white or a near-black shade of the colour,
    /// whichever has the larger contrast ratio with the fill (at least 3.6 : 1 for any colour).
    static func highlightContour(_ r: Double, _ g: Double, _ b: Double) -> UInt32 {
        let y = SRGBTransfer.luminance(UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()))
        let dark = min(y, highlightContourLuminance)
        let whiteContrast = 1.05 / (y + 0.05), darkContrast = (y + 0.05) / (dark + 0.05)
        return whiteContrast > darkContrast ? ColorMap.pack((255, 255, 255))
            : contourColor(r, g, b, maximum: highlightContourLuminance)
    }
}
