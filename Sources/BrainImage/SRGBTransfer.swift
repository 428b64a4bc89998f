import Foundation

/// The sRGB transfer curve (IEC 61966-2-1): 8-bit encoded values to linear light and back, and
/// relative luminance, for the figures' contrast decisions.
public enum SRGBTransfer {
    /// Linear value (0…1) of each 8-bit encoded value.
    public static let linearTable: [Double] = (0..<256).map { linear(UInt8($0)) }

    public static func linear(_ v: UInt8) -> Double {
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The 8-bit encoded value of linear `c` (clamped to 0…1).
    public static func encoded(_ c: Double) -> UInt8 {
        let v = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        return UInt8((max(0, min(1, v)) * 255).rounded())
    }

    /// Relative luminance (Rec. 709 weights on linear light), 0…1.
    public static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        0.2126 * linearTable[Int(r)] + 0.7152 * linearTable[Int(g)] + 0.0722 * linearTable[Int(b)]
    }
}
