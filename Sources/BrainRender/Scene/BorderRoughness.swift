import BrainAtlas

/// How ragged region borders look in a flat render: 4-neighbour pixel pairs with two different
/// colours, neither the background, divided by √(non-background pixels). A straight border
/// scores less than a saw-tooth one along the same line; the figure does not depend on image size.
public enum BorderRoughness {
    public static func score(_ image: RenderedImage, background: RGB) -> Double {
        let w = image.width, h = image.height
        let bytes = image.rgba
        func color(_ i: Int) -> UInt32 { UInt32(bytes[4 * i]) << 16 | UInt32(bytes[4 * i + 1]) << 8 | UInt32(bytes[4 * i + 2]) }
        let back = UInt32(background.r) << 16 | UInt32(background.g) << 8 | UInt32(background.b)
        var pairs = 0, brain = 0
        for y in 0..<h {
            for x in 0..<w {
                let c = color(y * w + x)
                guard c != back else { continue }
                brain += 1
                if x + 1 < w { let d = color(y * w + x + 1); if d != back && d != c { pairs += 1 } }
                if y + 1 < h { let d = color((y + 1) * w + x); if d != back && d != c { pairs += 1 } }
            }
        }
        return brain > 0 ? Double(pairs) / Double(brain).squareRoot() : 0
    }
}
