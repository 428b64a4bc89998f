/// Paints a band in the region's full colour where a labelled voxel borders a different label
/// (block grids: every region with `--outline`, else the highlighted ones, whose band takes the
/// contrasting highlight line instead).
struct OutlineStage: SliceStage {
    let grid: SliceGrid
    /// Region id per slice voxel, `width × height`, row-major like the image.
    let labels: [UInt16]
    let overlay: RegionOverlay
    /// Every visible region, not only those with a bold line.
    var outlineAll = true

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int) {
        let w = grid.orientation.width, h = grid.orientation.height, k = grid.scale
        let r = y / k, sy = y - r * k
        // The band at each voxel cell's edge, in output pixels.
        let band = max(1, k / 4)
        let labRow = r * w
        let nearTop = sy < band && r > 0
        let nearBottom = sy >= k - band && r < h - 1
        labels.withUnsafeBufferPointer { lab in
            overlay.entries.withUnsafeBufferPointer { ov in
                for c in 0..<w {
                    let label = Int(lab[labRow + c])
                    guard label != 0, label < ov.count, ov[label].visible, ov[label].line == .bold || outlineAll else { continue }
                    let vertical = (nearTop && Int(lab[labRow - w + c]) != label)
                        || (nearBottom && Int(lab[labRow + w + c]) != label)
                    let left = c > 0 && Int(lab[labRow + c - 1]) != label
                    let right = c < w - 1 && Int(lab[labRow + c + 1]) != label
                    for sx in 0..<k where vertical || (sx < band && left) || (sx >= k - band && right) {
                        row[c * k + sx] = ov[label].emphasised ? ov[label].contour : ov[label].outline
                    }
                }
            }
        }
    }
}
