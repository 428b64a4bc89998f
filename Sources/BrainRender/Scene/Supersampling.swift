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

extension SceneRequest {
    /// The pixels this request's largest pass draws: the colour pass, supersampled when it is. What
    /// a server counts against its budget of pixels in flight.
    public var drawnPixels: Int {
        let factor = Supersampling.effectiveFactor(antialias, shading: shading, width: width, height: height)
        return width * factor * height * factor
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
    /// Averages `factor` × `factor` blocks (RGBA, premultiplied colour stays premultiplied), rounded
    /// to nearest. A power-of-two block count divides by a shift: a division per channel of a
    /// million pixels was a tenth of a one-shot render's CPU.
    func downsampled(by factor: Int) -> RenderedImage {
        guard factor > 1 else { return self }
        let w = width / factor, h = height / factor, n = UInt32(factor * factor)
        let shift = n & (n - 1) == 0 ? UInt32(n.trailingZeroBitCount) : nil
        let stride = width * 4
        let out = [UInt8](unsafeUninitializedCapacity: w * h * 4) { dst, count in
            rgba.withUnsafeBufferPointer { src in
                for y in 0..<h {
                    for x in 0..<w {
                        var sum = SIMD4<UInt32>(repeating: 0)
                        var row = y * factor * stride + x * factor * 4
                        for _ in 0..<factor {
                            var i = row
                            for _ in 0..<factor {
                                sum &+= SIMD4(UInt32(src[i]), UInt32(src[i + 1]), UInt32(src[i + 2]), UInt32(src[i + 3]))
                                i += 4
                            }
                            row += stride
                        }
                        sum &+= SIMD4(repeating: n / 2)
                        let mean = shift.map { sum &>> $0 } ?? sum / SIMD4(repeating: n)
                        let o = (y * w + x) * 4
                        dst[o] = UInt8(truncatingIfNeeded: mean.x); dst[o + 1] = UInt8(truncatingIfNeeded: mean.y)
                        dst[o + 2] = UInt8(truncatingIfNeeded: mean.z); dst[o + 3] = UInt8(truncatingIfNeeded: mean.w)
                    }
                }
            }
            count = w * h * 4
        }
        return RenderedImage(width: w, height: h, rgba: out)
    }
}
