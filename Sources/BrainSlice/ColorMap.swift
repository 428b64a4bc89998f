import BrainAtlas

/// A 256-entry table from VMR voxel value to display colour: windowed grey for 0…225 and a fixed
/// label palette for 226…255, which BrainVoyager reserves for drawn/segmented labels.
public struct ColorMap: Sendable, Equatable {
    /// Packed RGBA (r in the lowest byte) per voxel value, so the pixel loop does one load.
    public private(set) var entries: [UInt32]

    /// Windowed greys, then label colours (unless `labelColors` is false, as in `--raw`).
    public init(window: GreyWindow, labelColors: Bool = true) {
        var table = [UInt32](repeating: 0, count: 256)
        for v in 0..<256 {
            if labelColors, v > GreyWindow.vmrGreyMax {
                table[v] = ColorMap.pack(ColorMap.labelColor(v))
            } else {
                let g = window.grey(v)
                table[v] = ColorMap.pack((g, g, g))
            }
        }
        entries = table
    }

    /// `--raw`: grey equals the voxel byte, 0…255, whatever it means.
    public static let identity: ColorMap = {
        var map = ColorMap(window: GreyWindow(low: 0, high: 255), labelColors: false)
        map.entries = (0..<256).map { pack((UInt8($0), UInt8($0), UInt8($0))) }
        return map
    }()

    /// The colour of label value 226…255: 30 hues around the colour wheel, fully saturated, so
    /// neighbouring label values stay distinguishable (BV's own table is not documented).
    public static func labelColor(_ value: Int) -> (UInt8, UInt8, UInt8) {
        let k = max(0, min(29, value - 226))
        // Hue steps of 12°, interleaved (k·7 mod 30) so consecutive values are far apart.
        let (r, g, b) = HueWheel.components(Double((k * 7) % 30) * 12)
        return (UInt8((r * 255).rounded()), UInt8((g * 255).rounded()), UInt8((b * 255).rounded()))
    }

    static func pack(_ c: (UInt8, UInt8, UInt8), alpha: UInt8 = 255) -> UInt32 {
        UInt32(c.0) | UInt32(c.1) << 8 | UInt32(c.2) << 16 | UInt32(alpha) << 24
    }
}
