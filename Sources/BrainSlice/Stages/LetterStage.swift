import BrainImage

/// Bitmap-font letters with a one-font-pixel drop shadow (the orientation letters).
struct LetterStage: SliceStage {
    let stamps: [SliceAnnotations.Stamp]

    static let letterColour: UInt32 = ColourMap.pack((255, 255, 255))
    static let shadowColour: UInt32 = ColourMap.pack((0, 0, 0))

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int) {
        for s in stamps where y >= s.y && y < s.y + s.height {
            let gy = (y - s.y) / s.size
            for px in max(0, s.x)..<min(row.count, s.x + s.width) {
                let gx = (px - s.x) / s.size
                if Self.glyphBit(s.bits, gx, gy) {
                    row[px] = Self.letterColour
                } else if Self.glyphBit(s.bits, gx - 1, gy - 1) {
                    row[px] = Self.shadowColour
                }
            }
        }
    }

    @inline(__always)
    static func glyphBit(_ bits: UInt64, _ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < BitmapFont.glyphWidth, y < BitmapFont.glyphHeight else { return false }
        return bits & (1 << UInt64(y * BitmapFont.glyphWidth + x)) != 0
    }
}
