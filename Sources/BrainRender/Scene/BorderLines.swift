import BrainAtlas

/// Dark lines on region borders, found in the pick pass's index image (same camera, same region
/// rule), so they sit exactly where one region's pixels meet another's.
public enum BorderLines {
    /// The line colour (the web viewer's outline colour).
    public static let color = RGB(20, 20, 26)
    /// How far `--outline` pulls border pixels toward `color`: thin lines that leave colours readable.
    public static let allBordersStrength: Float = 0.85

    /// Pixels with a region id whose 4-neighbour holds another region id (background on
    /// neither side): both sides of every border between drawn regions.
    public static func allBorders(_ index: IndexImage) -> [Bool] {
        mask(index) { a, b in a != 0 && b != 0 && a != b }
    }

    /// Pixels on either side of the highlighted set's edge: inside it next to anything else
    /// (background included), or outside it next to it, so the outline rings the silhouette too.
    /// Widened by `highlightRadius` so it reads as strongly as the viewer's 3-pixel outline on large images.
    /// `radius` defaults to `highlightRadius` of the index image's size.
    public static func highlightBorder(_ index: IndexImage, highlighted: Set<UInt32>, radius: Int? = nil) -> [Bool] {
        guard !highlighted.isEmpty else { return [Bool](repeating: false, count: index.ids.count) }
        let edge = mask(index) { a, b in highlighted.contains(a) != highlighted.contains(b) }
        return widened(edge, width: index.width, height: index.height,
                       radius: radius ?? highlightRadius(width: index.width, height: index.height))
    }

    /// Extra pixels on each side of the highlight's outline: one per 512 pixels of the shorter side.
    public static func highlightRadius(width: Int, height: Int) -> Int { min(width, height) / 512 }

    /// Marks every pixel within `radius` (a square) of a marked one.
    static func widened(_ marks: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
        guard radius > 0 else { return marks }
        var out = marks
        for y in 0..<height {
            for x in 0..<width where marks[y * width + x] {
                for yy in max(0, y - radius)...min(height - 1, y + radius) {
                    for xx in max(0, x - radius)...min(width - 1, x + radius) { out[yy * width + xx] = true }
                }
            }
        }
        return out
    }

    /// Marks pixel p when `differs(id(p), id(q))` for a 4-neighbour q inside the image.
    static func mask(_ index: IndexImage, _ differs: (UInt32, UInt32) -> Bool) -> [Bool] {
        let w = index.width, h = index.height, ids = index.ids
        var out = [Bool](repeating: false, count: ids.count)
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x, a = ids[i]
                if (x > 0 && differs(a, ids[i - 1])) || (x + 1 < w && differs(a, ids[i + 1]))
                    || (y > 0 && differs(a, ids[i - w])) || (y + 1 < h && differs(a, ids[i + w])) {
                    out[i] = true
                }
            }
        }
        return out
    }
}

extension RenderedImage {
    /// Paints `color` with coverage `strength` over the marked pixels ("over" in premultiplied
    /// colour, so a transparent background gets an opaque line too).
    mutating func paint(_ mask: [Bool], color: RGB, strength: Float) {
        precondition(mask.count == width * height, "mask size differs from the image")
        let t = max(0, min(1, strength))
        let keep = 1 - t
        let add = [Float(color.r) * t, Float(color.g) * t, Float(color.b) * t, 255 * t]
        rgba.withUnsafeMutableBufferPointer { p in
            for (i, marked) in mask.enumerated() where marked {
                for k in 0..<4 {
                    p[4 * i + k] = UInt8(min(255, (Float(p[4 * i + k]) * keep + add[k]).rounded()))
                }
            }
        }
    }
}
