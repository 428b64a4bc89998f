import BrainAtlas
import BrainImage

/// The orientation letters of a 3D render: in the bottom-left corner, the anatomical direction
/// (R/L, A/P, S/I) that points right, left, up and down on screen, around a small cross, as the
/// web viewer's cue names them. The letters are anti-aliased DejaVu Sans (`TextRenderer`).
public struct OrientationCue {
    /// One letter and the top-left of its cell (a capital's advance × cap height) on the image.
    public struct Letter: Sendable, Equatable {
        public let letter: Character
        public let x: Int
        public let y: Int
    }

    public let letters: [Letter]
    /// Text size in pixels per em.
    public let size: Int
    /// A letter cell: the widest of the six capitals' advance, and the cap height.
    public let cellWidth: Int
    public let cellHeight: Int
    /// Centre of the cross.
    public let centerX: Int
    public let centerY: Int

    /// The em size grows with the image: one pixel per 28 of the shorter side, at least 10.
    public static let shorterSidePerEm = 28
    public static let minimumSize = 10

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

    /// The layout for an image of `width` × `height`, measured with `text`.
    public init(direction: ViewDirection, width: Int, height: Int, text: TextRenderer) {
        let s = max(Self.minimumSize, min(width, height) / Self.shorterSidePerEm)
        let gw = "APSILR".map { text.layout(String($0), size: s).advance }.max() ?? s
        let gh = max(1, text.layout("H", size: s).ink.height)
        // Letters sit one cell away from the centre on each side; the block keeps a cell's margin.
        let reach = gw + gh
        let cx = gw + reach + gw / 2, cy = height - gh - reach - gh / 2
        let l = Self.letters(direction)
        letters = [
            Letter(letter: l.right, x: cx + reach - gw / 2, y: cy - gh / 2),
            Letter(letter: l.left, x: cx - reach - gw / 2, y: cy - gh / 2),
            Letter(letter: l.up, x: cx - gw / 2, y: cy - reach - gh / 2),
            Letter(letter: l.down, x: cx - gw / 2, y: cy + reach - gh / 2),
        ]
        size = s
        (cellWidth, cellHeight) = (gw, gh)
        (centerX, centerY) = (cx, cy)
    }

    /// Half the cross's arm and its thickness.
    var arm: Int { cellWidth / 2 }
    var thickness: Int { max(1, cellHeight / 10) }

    /// The pixels the cue may cover: every letter cell (with a pixel for anti-aliasing) and the cross.
    public var box: PixelRect {
        let xs = letters.map(\.x), ys = letters.map(\.y)
        let x0 = (xs.min() ?? 0) - 1, y0 = (ys.min() ?? 0) - 1
        return PixelRect(x: x0, y: y0, width: (xs.max() ?? 0) + cellWidth + 1 - x0,
                         height: (ys.max() ?? 0) + cellHeight + 2 - y0)
    }

    /// Draws the letters, each centred in its cell with its top on the cell's top, and the cross.
    public func draw<C: FigureCanvas>(into image: inout C, text: TextRenderer, color: RGBA) {
        for l in letters {
            let line = text.layout(String(l.letter), size: size)
            let x = l.x + (cellWidth - line.ink.width) / 2 - line.ink.originX
            image.text(line, x: x, baseline: l.y - line.ink.originY, color: color, halo: nil, renderer: text)
        }
        let t = thickness
        image.fill(PixelRect(x: centerX - arm, y: centerY - t / 2, width: 2 * arm + 1, height: t), color: color)
        image.fill(PixelRect(x: centerX - t / 2, y: centerY - arm, width: t, height: 2 * arm + 1), color: color)
    }

    /// Dark letters on a light background, light ones on a dark background.
    public static func color(on background: Background) -> RGBA {
        if case .color(let c) = background, Int(c.r) * 299 + Int(c.g) * 587 + Int(c.b) * 114 < 128_000 {
            return RGBA(235, 235, 240)
        }
        let c = BorderLines.color
        return RGBA(c.r, c.g, c.b)
    }
}
