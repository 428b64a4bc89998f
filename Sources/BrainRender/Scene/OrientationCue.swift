import BrainAtlas
import BrainImage

/// The orientation letters of a 3D render: in the bottom-left corner, the anatomical direction
/// (R/L, A/P, S/I) that points right, left, up and down on screen, around a small cross, as the
/// web viewer's cue names them.
public struct OrientationCue: Sendable, Equatable {
    /// One letter and the top-left of its glyph on the image.
    public struct Letter: Sendable, Equatable {
        public let letter: Character
        public let x: Int
        public let y: Int
    }

    public let letters: [Letter]
    /// Image pixels per font pixel.
    public let scale: Int
    /// Centre of the cross.
    public let centerX: Int
    public let centerY: Int

    /// Font pixels per image pixel grow with the image: one per 160 pixels of the shorter side.
    public static let pixelsPerFontPixel = 160

    /// The letter of the anatomical axis closest to `v` (a RAS direction).
    public static func letter(for v: SIMD3<Float>) -> Character {
        let a = SIMD3(abs(v.x), abs(v.y), abs(v.z))
        if a.x >= a.y && a.x >= a.z { return v.x >= 0 ? "R" : "L" }
        if a.y >= a.z { return v.y >= 0 ? "A" : "P" }
        return v.z >= 0 ? "S" : "I"
    }

    /// Screen right, left, up and down for a camera looking along `direction`.
    public static func letters(_ direction: ViewDirection) -> (right: Character, left: Character, up: Character, down: Character) {
        (letter(for: direction.right), letter(for: -direction.right), letter(for: direction.up), letter(for: -direction.up))
    }

    /// The layout for an image of `width` × `height`.
    public init(direction: ViewDirection, width: Int, height: Int) {
        let s = max(1, min(width, height) / Self.pixelsPerFontPixel)
        let gw = BitmapFont.glyphWidth * s, gh = BitmapFont.glyphHeight * s
        // Letters sit one glyph away from the centre on each side; the block keeps a glyph's margin.
        let reach = gw + gh
        let cx = gw + reach + gw / 2, cy = height - gh - reach - gh / 2
        let l = Self.letters(direction)
        letters = [
            Letter(letter: l.right, x: cx + reach - gw / 2, y: cy - gh / 2),
            Letter(letter: l.left, x: cx - reach - gw / 2, y: cy - gh / 2),
            Letter(letter: l.up, x: cx - gw / 2, y: cy - reach - gh / 2),
            Letter(letter: l.down, x: cx - gw / 2, y: cy + reach - gh / 2),
        ]
        scale = s
        (centerX, centerY) = (cx, cy)
    }

    /// Image pixels the cue covers: the glyphs' set font pixels and a small cross at the centre.
    public func mask(width: Int, height: Int) -> [Bool] {
        var out = [Bool](repeating: false, count: width * height)
        func set(_ x: Int, _ y: Int) { if x >= 0, y >= 0, x < width, y < height { out[y * width + x] = true } }
        for l in letters {
            let bits = BitmapFont.bits(l.letter)
            for gy in 0..<BitmapFont.glyphHeight {
                for gx in 0..<BitmapFont.glyphWidth where bits & (1 << UInt64(gy * BitmapFont.glyphWidth + gx)) != 0 {
                    for dy in 0..<scale { for dx in 0..<scale { set(l.x + gx * scale + dx, l.y + gy * scale + dy) } }
                }
            }
        }
        let arm = BitmapFont.glyphWidth * scale / 2
        for d in -arm...arm {
            for t in 0..<max(1, scale / 2) { set(centerX + d, centerY + t); set(centerX + t, centerY + d) }
        }
        return out
    }

    /// Dark letters on a light background, light ones on a dark background.
    public static func color(on background: Background) -> RGB {
        if case .color(let c) = background, Int(c.r) * 299 + Int(c.g) * 587 + Int(c.b) * 114 < 128_000 {
            return RGB(235, 235, 240)
        }
        return BorderLines.color
    }
}
