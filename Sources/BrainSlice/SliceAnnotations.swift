/// What is drawn over the slice by its row stages at output resolution: the crosshair of `--at`.
/// (Letters, caption and legend are text: `SliceDecorations`.)
public struct SliceAnnotations: Sendable, Equatable {
    /// Output pixel column and row, from the slice's top-left corner, the crosshair lines run through.
    var crosshair: (x: Int, y: Int)?
    /// Half-width of the gap left open around the crosshair point, in output pixels.
    var crosshairGap = 0
    /// Line width of the crosshair, in output pixels.
    var crosshairWidth = 1

    public static let none = SliceAnnotations()

    public static func == (a: SliceAnnotations, b: SliceAnnotations) -> Bool {
        a.crosshair?.x == b.crosshair?.x && a.crosshair?.y == b.crosshair?.y && a.crosshairGap == b.crosshairGap
            && a.crosshairWidth == b.crosshairWidth
    }

    /// Adds a crosshair through (x, y), in output pixels from the slice's top-left corner (from
    /// `SliceLayout.pixel(ofVoxel:)`), open for `gap` pixels around the point, `width` pixels wide.
    public func withCrosshair(x: Int, y: Int, gap: Int, width: Int = 1) -> SliceAnnotations {
        var copy = self
        copy.crosshair = (x, y)
        copy.crosshairGap = gap
        copy.crosshairWidth = max(1, width)
        return copy
    }
}
