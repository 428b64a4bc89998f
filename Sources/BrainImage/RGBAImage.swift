/// An 8-bit RGBA raster with its origin at the top-left, rows stored top to bottom.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes, R G B A per pixel, row-major from the top-left.
    public var pixels: [UInt8]

    /// A `width × height` image filled with one colour.
    public init(width: Int, height: Int, fill: RGBA = RGBA(0, 0, 0, 255)) throws(ImageError) {
        try Self.checkSize(width: width, height: height)
        self.width = width
        self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                buffer[i] = fill.r; buffer[i + 1] = fill.g; buffer[i + 2] = fill.b; buffer[i + 3] = fill.a
                i += 4
            }
        }
        pixels = bytes
    }

    /// Wraps existing RGBA bytes; their count must be `width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        try Self.checkSize(width: width, height: height)
        guard pixels.count == width * height * 4 else {
            throw .pixelCount(expected: width * height * 4, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Builds an image by asking `body` for each pixel in row order, writing straight into
    /// the final buffer (no intermediate copies).
    public init(width: Int, height: Int,
                rows body: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) throws -> Void) throws {
        try Self.checkSize(width: width, height: height)
        self.width = width
        self.height = height
        let rowBytes = width * 4
        pixels = try [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            // Zero first so a throwing body never leaves uninitialised bytes behind.
            buffer.initialize(repeating: 0)
            count = rowBytes * height
            for y in 0..<height {
                let row = UnsafeMutableBufferPointer(rebasing: buffer[(y * rowBytes)..<((y + 1) * rowBytes)])
                try body(y, row)
            }
        }
    }

    /// The pixel at column `x`, row `y` (from the top).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let i = (y * width + x) * 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// Largest side accepted; PNG (and libpng's default user limit) allows no more.
    public static let maxSide = 1_000_000
    /// Largest pixel count accepted, so a bad size never turns into a huge allocation.
    public static let maxPixels = 1 << 28

    static func checkSize(width: Int, height: Int) throws(ImageError) {
        guard width >= 1, height >= 1, width <= maxSide, height <= maxSide,
              width.multipliedReportingOverflow(by: height).partialValue <= maxPixels
        else { throw .badSize(width: width, height: height) }
    }
}

/// One 8-bit RGBA colour.
public struct RGBA: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}
