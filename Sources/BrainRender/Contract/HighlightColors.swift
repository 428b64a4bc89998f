import BrainAtlas
import Foundation

/// How a lit frame shows a highlight, in the GL renderer and on the device alike: the selected
/// region in its own hue, dark enough to stand out, over the other regions greyed and lightened,
/// so it reads on any palette. (Flat frames keep exact colours to compare: the others are mixed
/// toward white by the scene's tint, the selected region unchanged.)
public enum HighlightColors {
    /// How far the other regions move toward their own grey before they are lightened.
    public static let greyShare = 0.8
    /// The least they are lightened toward white, whatever the scene's tint.
    public static let minimumTint = 0.6
    /// The selected region is at most this light (CIE L*), so it stands at least 25 ΔE from the
    /// faded rest, whose L* is 63 for black and near 80 for mid colours.
    public static let maxSelectedLightness = 50.0
    /// Steps of the bisection that darkens a light selected region.
    static let darkeningSteps = 12

    /// CIE L* of an sRGB colour (D65 white).
    public static func lightness(_ c: RGB) -> Double {
        lightness(Double(c.r), Double(c.g), Double(c.b))
    }

    /// L* of channels 0…255 that need not be whole (a colour being darkened).
    private static func lightness(_ r: Double, _ g: Double, _ b: Double) -> Double {
        func linear(_ v: Double) -> Double {
            let c = v / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let y = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
        return y > 216.0 / 24389 ? 116 * cbrt(y) - 16 : (24389.0 / 27) * y
    }

    /// Another region around a highlight: mostly grey, then lightened toward white by `tint`
    /// (the scene's soft or dim tint) or `minimumTint`, whichever is more.
    public static func faded(_ c: RGB, tint: Float) -> RGB {
        let t = max(Double(tint), minimumTint)
        let grey = 0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b)
        func fade(_ v: UInt8) -> UInt8 {
            let d = Double(v) + (grey - Double(v)) * greyShare
            return UInt8((d + (255 - d) * t).rounded())
        }
        return RGB(fade(c.r), fade(c.g), fade(c.b))
    }

    /// The selected region: its own hue, all channels scaled down alike until its L* is at most
    /// `maxSelectedLightness`; a colour that dark already stays as it is.
    public static func emphasised(_ c: RGB) -> RGB {
        if lightness(c) <= maxSelectedLightness { return c }
        let (r, g, b) = (Double(c.r), Double(c.g), Double(c.b))
        // L* grows with the scale factor; the scaled channels are not rounded while searching.
        var low = 0.0, high = 1.0
        for _ in 0..<darkeningSteps {
            let mid = (low + high) / 2
            if lightness(r * mid, g * mid, b * mid) > maxSelectedLightness { high = mid } else { low = mid }
        }
        return RGB(UInt8((r * low).rounded()), UInt8((g * low).rounded()), UInt8((b * low).rounded()))
    }
}
