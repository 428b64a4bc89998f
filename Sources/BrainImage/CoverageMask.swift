/// An 8-bit coverage raster (0 = none, 255 = full) placed relative to an anchor point: text ink,
/// its halo, or any anti-aliased stamp that is alpha-blended into an `RGBAImage`.
public struct CoverageMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Where the mask's top-left pixel sits relative to the anchor (for text: the pen start on the baseline).
    public let originX: Int
    public let originY: Int
    /// `width × height` values, row-major from the top-left.
    public var coverage: [UInt8]

    public init(width: Int, height: Int, originX: Int, originY: Int, coverage: [UInt8]? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.originX = originX
        self.originY = originY
        self.coverage = coverage ?? [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// Pixels with any coverage.
    public var coveredCount: Int { coverage.reduce(0) { $0 + ($1 > 0 ? 1 : 0) } }

    /// The mask grown by `radius` pixels with a soft (anti-aliased) edge: the halo drawn under text
    /// so that it reads on any background. Each covered pixel spreads its coverage over a disc whose
    /// weight falls from 1 to 0 across the last pixel of the radius.
    public func dilated(radius: Double) -> CoverageMask {
        guard radius > 0 else { return self }
        let r = Int(radius.rounded(.up))
        var offsets: [(dx: Int, dy: Int, w: Int)] = []
        for dy in -r...r {
            for dx in -r...r {
                let d = Double(dx * dx + dy * dy).squareRoot()
                let w = min(1, max(0, radius + 0.5 - d))
                if w > 0 { offsets.append((dx, dy, Int(w * 256))) }
            }
        }
        let ow = width + 2 * r, oh = height + 2 * r
        var out = [UInt8](repeating: 0, count: ow * oh)
        for y in 0..<height {
            for x in 0..<width {
                let c = Int(coverage[y * width + x])
                if c == 0 { continue }
                for o in offsets {
                    let i = (y + r + o.dy) * ow + (x + r + o.dx)
                    let v = UInt8((c * o.w) >> 8)
                    if v > out[i] { out[i] = v }
                }
            }
        }
        return CoverageMask(width: ow, height: oh, originX: originX - r, originY: originY - r, coverage: out)
    }

    /// Copies `other`'s coverage in at the same anchor, keeping the larger value (both masks must
    /// share the anchor; pixels of `other` outside this mask are dropped).
    public mutating func add(_ other: CoverageMask, dx: Int = 0, dy: Int = 0) {
        for y in 0..<other.height {
            let ty = other.originY + dy + y - originY
            guard ty >= 0, ty < height else { continue }
            for x in 0..<other.width {
                let tx = other.originX + dx + x - originX
                guard tx >= 0, tx < width else { continue }
                let v = other.coverage[y * other.width + x]
                if v > coverage[ty * width + tx] { coverage[ty * width + tx] = v }
            }
        }
    }
}

extension RGBAImage {
    /// Alpha-blends `color` through `mask` with the mask's anchor at (`x`, `y`); pixels outside the
    /// image are clipped. The colour's own alpha scales the coverage.
    public mutating func blend(_ mask: CoverageMask, x: Int, y: Int, color: RGBA) {
        let left = x + mask.originX, top = y + mask.originY
        let x0 = max(0, left), x1 = min(width, left + mask.width)
        let y0 = max(0, top), y1 = min(height, top + mask.height)
        guard x0 < x1, y0 < y1 else { return }
        let sr = Int(color.r), sg = Int(color.g), sb = Int(color.b), sa = Int(color.a)
        let w = width
        pixels.withUnsafeMutableBufferPointer { px in
            for py in y0..<y1 {
                let mrow = (py - top) * mask.width - left
                for pxx in x0..<x1 {
                    let a = Int(mask.coverage[mrow + pxx]) * sa / 255
                    if a == 0 { continue }
                    let i = (py * w + pxx) * 4
                    let ia = 255 - a
                    px[i] = UInt8((sr * a + Int(px[i]) * ia + 127) / 255)
                    px[i + 1] = UInt8((sg * a + Int(px[i + 1]) * ia + 127) / 255)
                    px[i + 2] = UInt8((sb * a + Int(px[i + 2]) * ia + 127) / 255)
                    px[i + 3] = UInt8(a + (Int(px[i + 3]) * ia + 127) / 255)
                }
            }
        }
    }

    /// Alpha-blends a filled rectangle (clipped to the image).
    public mutating func blend(rect: PixelRect, color: RGBA) {
        let full = CoverageMask(width: rect.width, height: rect.height, originX: 0, originY: 0,
                                coverage: [UInt8](repeating: 255, count: max(0, rect.width) * max(0, rect.height)))
        blend(full, x: rect.x, y: rect.y, color: color)
    }
}
