/// The spacing rules every figure shares (renders, slices, mosaics), written once.
public enum FigureSpacing {
    /// Between the image's edge and a box of text (legend, colour bar), and between two boxes or
    /// a box and the brain: half the box's text size, at least 4 pixels.
    public static func margin(textSize: Int) -> Int { max(4, textSize / 2) }
}
