/// Two lines through a marked point, left open for `gap` pixels around it.
struct CrosshairStage: SliceStage {
    /// Output column and row the lines run through.
    let x: Int, y: Int
    let gap: Int
    /// Line width in pixels, centred on the point's row and column (grows with the scale so the
    /// lines stay visible on large slices).
    let width: Int

    static let color: UInt32 = ColorMap.pack((255, 230, 0))

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y py: Int) {
        let half = width / 2
        if abs(py - y) <= half, py - y < width - half {
            for px in 0..<row.count where abs(px - x) > gap { row[px] = Self.color }
        } else if abs(py - y) > gap {
            for px in max(0, x - half)..<min(row.count, x - half + width) { row[px] = Self.color }
        }
    }
}
