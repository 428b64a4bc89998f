import Foundation
import BrainAtlas

/// A colour in CIE L*a*b* (D65 white, sRGB primaries); distances are CIE76 ΔE.
struct CIELab: Sendable, Equatable {
    var l: Double, a: Double, b: Double

    init(l: Double, a: Double, b: Double) {
        self.l = l; self.a = a; self.b = b
    }

    init(_ c: RGB) {
        self.init(linearRed: Self.linear(c.r), green: Self.linear(c.g), blue: Self.linear(c.b))
    }

    /// An sRGB channel value on the linear scale (0…1).
    static func linear(_ v: UInt8) -> Double {
        let s = Double(v) / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }

    /// A colour given by its linear sRGB channels (0…1).
    init(linearRed r: Double, green g: Double, blue bl: Double) {
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * bl
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        l = 116 * f(y) - 16
        a = 500 * (f(x) - f(y))
        b = 200 * (f(y) - f(z))
    }

    var chroma: Double { (a * a + b * b).squareRoot() }

    func distance(_ o: CIELab) -> Double {
        ((l - o.l) * (l - o.l) + (a - o.a) * (a - o.a) + (b - o.b) * (b - o.b)).squareRoot()
    }

    /// The sRGB colour, or nil when it lies outside the sRGB gamut.
    var rgb: RGB? {
        let fy = (l + 16) / 116, fx = fy + a / 500, fz = fy - b / 200
        func inverse(_ t: Double) -> Double { t > 6.0 / 29 ? t * t * t : 3 * (6.0 / 29) * (6.0 / 29) * (t - 4.0 / 29) }
        let x = inverse(fx) * 0.95047, y = inverse(fy), z = inverse(fz) * 1.08883
        let linear = [3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
                      -0.9692660 * x + 1.8760108 * y + 0.0415560 * z,
                      0.0556434 * x - 0.2040259 * y + 1.0572252 * z]
        var out: [UInt8] = []
        for v in linear {
            guard v >= -0.001, v <= 1.001 else { return nil }
            let c = min(1, max(0, v))
            let s = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
            out.append(UInt8((s * 255).rounded()))
        }
        return RGB(out[0], out[1], out[2])
    }
}
