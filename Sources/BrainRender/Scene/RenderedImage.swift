/// A drawn RGBA image, rows top-down (image origin top-left), 4 bytes per pixel. On a transparent
/// background the colour is premultiplied by alpha (as GL blends it); `png` writes straight alpha.
public struct RenderedImage: Sendable {
    public let width: Int
    public let height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Copies a GL buffer (rows bottom-up) into top-down order.
    init(width: Int, height: Int, bottomUp: UnsafeMutableRawPointer) {
        self.width = width
        self.height = height
        let rowBytes = width * 4
        rgba = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { out, count in
            for y in 0..<height {
                (out.baseAddress! + y * rowBytes).initialize(
                    from: bottomUp.advanced(by: Pixel.glRow(y, height: height) * rowBytes).assumingMemoryBound(to: UInt8.self),
                    count: rowBytes)
            }
            count = rowBytes * height
        }
    }

    /// The pixel at (x, y) from the top-left.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
