/// The pick pass read back: one pick id per pixel (0 = background), rows top-down.
/// Drawn once per scene and kept, so a repeated pick is a memory read.
public struct IndexImage: Sendable {
    public let width: Int
    public let height: Int
    public let ids: [UInt32]

    public init(width: Int, height: Int, ids: [UInt32]) {
        self.width = width
        self.height = height
        self.ids = ids
    }

    init(width: Int, height: Int, bottomUp: UnsafeMutableRawPointer) {
        self.width = width
        self.height = height
        let bytes = bottomUp.assumingMemoryBound(to: UInt8.self)
        ids = [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
            for y in 0..<height {
                // Tap row y (from the top) is GL row H−1−y.
                let src = bytes + Pixel.glRow(y, height: height) * width * 4
                let dst = out.baseAddress! + y * width
                for x in 0..<width {
                    dst[x] = Self.decode(src[4 * x], src[4 * x + 1], src[4 * x + 2])
                }
            }
            count = width * height
        }
    }

    @inline(__always)
    static func decode(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 {
        RendererContract.pickID(r, g, b)
    }

    /// The id at (x, y) from the top-left.
    public func id(x: Int, y: Int) throws(RenderError) -> UInt32 {
        id(at: try Pixel(x: x, y: y, width: width, height: height))
    }

    /// The id at a pixel already checked against this image's size.
    func id(at pixel: Pixel) -> UInt32 { ids[pixel.y * width + pixel.x] }

    /// Pixel count, centroid and bounding box of each id present (background left out).
    public func statistics() -> [UInt32: IDStatistics] {
        var stats: [UInt32: IDStatistics] = [:]
        var last: UInt32 = 0
        var current = IDStatistics()
        // Runs of equal ids are common along rows, so batch dictionary updates per run.
        for y in 0..<height {
            var x = 0
            while x < width {
                let id = ids[y * width + x]
                var end = x + 1
                while end < width, ids[y * width + end] == id { end += 1 }
                if id != 0 {
                    if id != last { if last != 0 { stats[last] = current }; current = stats[id] ?? IDStatistics(); last = id }
                    current.add(run: x..<end, y: y)
                }
                x = end
            }
        }
        if last != 0 { stats[last] = current }
        return stats
    }
}

/// Where one id shows in an index image.
public struct IDStatistics: Sendable, Equatable {
    public var pixels = 0
    var sumX = 0.0
    var sumY = 0.0
    public var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

    mutating func add(run: Range<Int>, y: Int) {
        let n = run.count
        pixels += n
        sumX += Double(run.lowerBound + run.upperBound - 1) * Double(n) / 2
        sumY += Double(y * n)
        minX = min(minX, run.lowerBound); maxX = max(maxX, run.upperBound - 1)
        minY = min(minY, y); maxY = max(maxY, y)
    }

    /// Mean pixel position (x, y) from the top-left.
    public var centroid: (x: Double, y: Double) {
        pixels > 0 ? (sumX / Double(pixels), sumY / Double(pixels)) : (0, 0)
    }

    /// Merges another id's pixels (e.g. the same region drawn by two layers).
    public mutating func merge(_ other: IDStatistics) {
        pixels += other.pixels; sumX += other.sumX; sumY += other.sumY
        minX = min(minX, other.minX); minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX); maxY = max(maxY, other.maxY)
    }
}
