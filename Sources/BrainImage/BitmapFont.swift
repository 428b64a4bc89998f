/// A 5×7 pixel font with just the orientation letters (A P S I L R), drawn without any font files
/// (slice annotations and the orientation cue of 3D renders share it).
public enum BitmapFont {
    public static let glyphWidth = 5
    public static let glyphHeight = 7

    /// Seven rows per glyph, the top row first; bit 4 is the leftmost column.
    public static func rows(_ letter: Character) -> (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) {
        switch letter {
        case "A": (0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001)
        case "P": (0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000)
        case "S": (0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110)
        case "I": (0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110)
        case "L": (0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111)
        case "R": (0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001)
        default: (0, 0, 0, 0, 0, 0, 0)
        }
    }

    /// Glyph bits packed as 35 bits, row-major from the top-left, so a lookup is one shift.
    public static func bits(_ letter: Character) -> UInt64 {
        let r = rows(letter)
        var bits: UInt64 = 0
        for (i, row) in [r.0, r.1, r.2, r.3, r.4, r.5, r.6].enumerated() {
            for col in 0..<glyphWidth where row & (1 << (glyphWidth - 1 - col)) != 0 {
                bits |= 1 << UInt64(i * glyphWidth + col)
            }
        }
        return bits
    }
}
