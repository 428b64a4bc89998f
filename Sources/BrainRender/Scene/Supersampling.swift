import BrainAtlas

/// Anti-aliasing of lit renders: the colour pass drawn at `factor` × the size through the same
/// camera framing, then averaged down on the CPU (a box filter over factor × factor samples). The
/// pick pass and `--shading flat` are never supersampled: they must keep exact ids and colours.
public enum Supersampling {
    /// Samples per pixel side for PNG output unless turned off (`--aa off`): 2 × 2 removes the
    /// stair steps of silhouettes and borders at four times the drawn pixels (3 × 3 would cost nine).
    public static let defaultFactor = 2

    /// Parses `on` / `off` (the `--aa` option and the server's `aa` parameter).
    public static func factor(option text: String) throws(FieldError) -> Int {
        switch text.lowercased() {
        case "on": return defaultFactor
        case "off": return 1
        default: throw FieldError("aa", value: text, "is neither on nor off")
        }
    }

    /// The factor actually used: 1 for flat shading, and never beyond the largest GL target.
    static func effectiveFactor(_ factor: Int, shading: Shading, width: Int, height: Int) -> Int {
        guard shading == .lit, factor > 1 else { return 1 }
        return max(1, min(factor, GLContext.maxSide / max(width, height)))
    }
}

extension Scene {
    /// The same layers and view at `factor` × the size (the camera frames them identically).
    func scaled(by factor: Int) throws(RenderError) -> Scene {
        try Scene(layers: layers, direction: direction, width: width * factor, height: height * factor, background: background,
                  framingArea: framingArea)
    }
}

extension RenderedImage {
    /// Averages `factor` × `factor` blocks (RGBA, premultiplied colour stays premultiplied).
    func downsampled(by factor: Int) -> RenderedImage {
        guard factor > 1 else { return self }
        let w = width / factor, h = height / factor, n = UInt32(factor * factor)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        rgba.withUnsafeBufferPointer { src in
            var sums = [UInt32](repeating: 0, count: w * 4)
            for y in 0..<h {
                for k in sums.indices { sums[k] = 0 }
                for sy in (y * factor)..<((y + 1) * factor) {
                    let row = sy * width * 4
                    for x in 0..<w {
                        var i = row + x * factor * 4
                        for _ in 0..<factor {
                            sums[4 * x] += UInt32(src[i]); sums[4 * x + 1] += UInt32(src[i + 1])
                            sums[4 * x + 2] += UInt32(src[i + 2]); sums[4 * x + 3] += UInt32(src[i + 3])
                            i += 4
                        }
                    }
                }
                for k in sums.indices { out[y * w * 4 + k] = UInt8((sums[k] + n / 2) / n) }
            }
        }
        return RenderedImage(width: w, height: h, rgba: out)
    }
}
