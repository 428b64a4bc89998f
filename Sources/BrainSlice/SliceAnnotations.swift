import BrainImage

/// What is drawn on top of the slice at output resolution: orientation letters and a crosshair.
public struct SliceAnnotations: Sendable, Equatable {
    /// One letter placed on the output image.
    struct Stamp: Sendable, Equatable {
        var x: Int, y: Int
        /// Output pixels per font pixel.
        var size: Int
        var bits: UInt64
        var width: Int { (BitmapFont.glyphWidth + 1) * size }
        var height: Int { (BitmapFont.glyphHeight + 1) * size }
    }

    var stamps: [Stamp] = []
    /// Output pixel column and row the crosshair lines run through.
    var crosshair: (x: Int, y: Int)?
    /// Half-width of the gap left open around the crosshair point, in output pixels.
    var crosshairGap = 0

    public static let none = SliceAnnotations()

    public static func == (a: SliceAnnotations, b: SliceAnnotations) -> Bool {
        a.stamps == b.stamps && a.crosshair?.x == b.crosshair?.x && a.crosshair?.y == b.crosshair?.y
            && a.crosshairGap == b.crosshairGap
    }

    /// Letters at the middle of each edge of a `width × height` image.
    public static func letters(for orientation: SliceOrientation, width: Int, height: Int) -> SliceAnnotations {
        let size = max(1, min(width, height) / 170)
        let gw = BitmapFont.glyphWidth * size, gh = BitmapFont.glyphHeight * size
        let margin = 2 * size
        let e = orientation.edgeLetters
        var result = SliceAnnotations()
        result.stamps = [
            Stamp(x: (width - gw) / 2, y: margin, size: size, bits: BitmapFont.bits(e.top)),
            Stamp(x: (width - gw) / 2, y: height - margin - gh, size: size, bits: BitmapFont.bits(e.bottom)),
            Stamp(x: margin, y: (height - gh) / 2, size: size, bits: BitmapFont.bits(e.left)),
            Stamp(x: width - margin - gw, y: (height - gh) / 2, size: size, bits: BitmapFont.bits(e.right)),
        ]
        return result
    }

    /// Adds a crosshair through (x, y), in output pixels from the slice's top-left corner (from
    /// `SliceLayout.pixel(ofVoxel:)`), open for `gap` pixels around the point.
    public func withCrosshair(x: Int, y: Int, gap: Int) -> SliceAnnotations {
        var copy = self
        copy.crosshair = (x, y)
        copy.crosshairGap = gap
        return copy
    }
}
