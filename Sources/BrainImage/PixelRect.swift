/// An axis-aligned rectangle of whole pixels: the box a label, a legend or a cue occupies.
public struct PixelRect: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// True when the two rectangles share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// True when every pixel of `other` lies inside this rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && py >= y && px < maxX && py < maxY }

    /// The rectangle shrunk by `d` pixels on every side (grown when `d` is negative).
    public func inset(by d: Int) -> PixelRect { PixelRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }

    public var description: String { "\(width)×\(height)+\(x)+\(y)" }
}
