import BrainImage

extension RenderedImage {
    /// Lends the pixels to `body` as an `RGBAImage` (no copy) for text, legends and leader lines.
    /// Its blending is "over" on premultiplied colour too, so a transparent background stays right.
    mutating func drawing<E: Error>(_ body: (inout RGBAImage) throws(E) -> Void) throws(E) {
        let pixels = rgba
        rgba = []
        // Only the image holds the buffer now, so drawing writes in place.
        guard var image = try? RGBAImage(width: width, height: height, pixels: pixels) else {
            rgba = pixels
            return
        }
        defer { rgba = image.pixels }
        try body(&image)
    }
}
