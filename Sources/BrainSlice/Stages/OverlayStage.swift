/// Blends each labelled voxel's region colour over the grey (`RegionOverlay`'s table).
struct OverlayStage: SliceStage {
    let grid: SliceGrid
    /// Region id per slice voxel, `width × height`, row-major like the image.
    let labels: [UInt16]
    let overlay: RegionOverlay

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int) {
        let w = grid.orientation.width, k = grid.scale
        let labRow = (y / k) * w
        labels.withUnsafeBufferPointer { lab in
            overlay.entries.withUnsafeBufferPointer { ov in
                for c in 0..<w {
                    let label = Int(lab[labRow + c])
                    guard label != 0, label < ov.count, ov[label].visible else { continue }
                    let e = ov[label]
                    let inv = UInt32(e.inverse)
                    for px in (c * k)..<((c + 1) * k) {
                        let color = row[px]
                        let red = ((color & 0xFF) * inv + UInt32(e.premultiplied.0)) >> 8
                        let green = (((color >> 8) & 0xFF) * inv + UInt32(e.premultiplied.1)) >> 8
                        let blue = (((color >> 16) & 0xFF) * inv + UInt32(e.premultiplied.2)) >> 8
                        row[px] = red | green << 8 | blue << 16 | 0xFF00_0000
                    }
                }
            }
        }
    }
}
