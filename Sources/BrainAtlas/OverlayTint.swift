/// How an atlas region is painted over MRI grey, on 2D slices and on the 3D planes alike: its
/// colour and fill opacity given the highlight, so both show a region the same way.
public enum OverlayTint {
    /// The default fill opacity: enough for pale colours to show over white matter, with the
    /// border line doing the rest.
    public static let defaultOpacity = 0.6

    /// The colour (0…255 per channel) and opacity of a region. `highlighted`: nil when nothing
    /// is highlighted; true for a highlighted region, drawn strongly; false for the others,
    /// which with `dimOthers` become a pale, faint version of their colour (findable, receding).
    public static func tint(_ color: RGB, opacity: Double, highlighted: Bool?,
                            dimOthers: Bool) -> (r: Double, g: Double, b: Double, alpha: Double) {
        var (r, g, b) = (Double(color.r), Double(color.g), Double(color.b))
        var alpha = opacity
        if highlighted == true {
            alpha = min(1, max(0.8, opacity * 1.6))
        } else if highlighted == false && dimOthers {
            (r, g, b) = (r + (255 - r) * 0.6, g + (255 - g) * 0.6, b + (255 - b) * 0.6)
            alpha = opacity * 0.4
        }
        return (r, g, b, max(0, min(1, alpha)))
    }
}
