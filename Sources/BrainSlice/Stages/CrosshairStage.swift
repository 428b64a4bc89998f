/// Two lines through a marked point, left open for `gap` pixels around it.
struct CrosshairStage: SliceStage {
    /// Output column and row the lines run through.
    let x: Int, y: Int
    let gap: Int

    static let colour: UInt32 = ColourMap.pack((255, 230, 0))

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y py: Int) {
        if py == y {
            for px in 0..<row.count where abs(px - x) > gap { row[px] = Self.colour }
        } else if abs(py - y) > gap, x >= 0, x < row.count {
            row[x] = Self.colour
        }
    }
}
