/// One pixel of a scene's image, known to lie inside it, in both row conventions: `y` counts
/// from the top (what people and PNGs use), `glRow` from the bottom (what the GL uses). The
/// bounds check and the flip are here and nowhere else.
public struct Pixel: Sendable, Hashable {
    public let x: Int
    /// Row from the top.
    public let y: Int
    /// Row from the bottom (GL window coordinates).
    public let glRow: Int

    /// Pixel (x, y from the top) of a `width × height` image, or `RenderError.pixelOutside`.
    public init(x: Int, y: Int, width: Int, height: Int) throws(RenderError) {
        guard (0..<width).contains(x), (0..<height).contains(y) else {
            throw .pixelOutside(x: x, y: y, width: width, height: height)
        }
        self.x = x
        self.y = y
        glRow = Self.glRow(y, height: height)
    }

    /// Row `y` from the top as a GL row (from the bottom) of an image `height` rows high: the
    /// flip, written once. For loops over rows known to lie inside; one pixel goes through `init`.
    static func glRow(_ y: Int, height: Int) -> Int { height - 1 - y }

    /// The centre of the pixel in GL window coordinates.
    var glCentre: SIMD2<Double> { SIMD2(Double(x) + 0.5, Double(glRow) + 0.5) }
}

extension Scene {
    /// Pixel (x, y from the top) of this scene's image, or `RenderError.pixelOutside`.
    public func pixel(x: Int, y: Int) throws(RenderError) -> Pixel {
        try Pixel(x: x, y: y, width: width, height: height)
    }
}
