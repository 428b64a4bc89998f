import BrainMaps

/// A statistical map over the anatomy: the map's value at each slice voxel centre (`MapOverlay`,
/// trilinear in the map's grid), interpolated bilinearly to every output pixel and coloured where
/// it passes the threshold, opaque, so the colours read as the colour bar shows them. Values are
/// interpolated before thresholding, so a cluster's edge is the smooth iso-line of the threshold.
struct MapOverlayStage: SliceStage {
    let grid: SliceGrid
    /// Map value per slice voxel, `width × height`, row-major like the image.
    let values: [Float]
    let overlay: MapOverlay
    let columns: SampleTaps
    let rows: SampleTaps

    init(grid: SliceGrid, values: [Float], overlay: MapOverlay) {
        self.grid = grid
        self.values = values
        self.overlay = overlay
        // Linear between voxel centres whatever the anatomy's interpolation; blocks when asked for nearest.
        let interpolation: SliceInterpolation = grid.interpolation == .nearest ? .nearest : .linear
        columns = SampleTaps(count: grid.orientation.width, scale: grid.scale, interpolation: interpolation)
        rows = SampleTaps(count: grid.orientation.height, scale: grid.scale, interpolation: interpolation)
    }

    /// The map's value at every voxel of the slice.
    static func values(_ overlay: MapOverlay, volume: SliceVolume, orientation o: SliceOrientation) -> [Float] {
        var out = [Float](repeating: 0, count: o.width * o.height)
        for r in 0..<o.height {
            for c in 0..<o.width {
                out[r * o.width + c] = overlay.value(atMNI: volume.mniMillimetres(ofVoxel: o.voxel(column: c, row: r)))
            }
        }
        return out
    }

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int) {
        let w = grid.orientation.width
        let r0 = Int(rows.indices[4 * y + 1]) * w, r1 = Int(rows.indices[4 * y + 2]) * w
        let wy0 = rows.weights[4 * y + 1], wy1 = rows.weights[4 * y + 2]
        values.withUnsafeBufferPointer { v in
            columns.indices.withUnsafeBufferPointer { ci in
                columns.weights.withUnsafeBufferPointer { cw in
                    for px in 0..<row.count {
                        let c0 = Int(ci[4 * px + 1]), c1 = Int(ci[4 * px + 2])
                        let wx0 = cw[4 * px + 1], wx1 = cw[4 * px + 2]
                        let value = wy0 * (wx0 * v[r0 + c0] + wx1 * v[r0 + c1]) + wy1 * (wx0 * v[r1 + c0] + wx1 * v[r1 + c1])
                        if let c = overlay.color(value) { row[px] = ColorMap.pack((c.x, c.y, c.z)) }
                    }
                }
            }
        }
    }
}
