import Foundation

/// The first stage: each voxel's value through the colour map (window or raw grey), blocks of
/// one voxel each or interpolated between voxel centres (`SliceGrid.interpolation`).
struct GreyMapStage: SliceStage {
    let grid: SliceGrid
    /// The whole volume, x fastest (usually the VMR's memory map: only the plane is touched).
    let voxels: Data
    let colorMap: ColorMap
    /// Per output column and row: the four voxels blended and their weights (smooth grids only).
    let columns: SampleTaps?
    let rows: SampleTaps?

    init(grid: SliceGrid, voxels: Data, colorMap: ColorMap) {
        let dims = grid.orientation.dims
        precondition(voxels.count >= dims.x * dims.y * dims.z, "volume smaller than its dims")
        self.grid = grid
        self.voxels = voxels
        self.colorMap = colorMap
        let o = grid.orientation
        columns = grid.isSmooth ? SampleTaps(count: o.width, scale: grid.scale, interpolation: grid.interpolation) : nil
        rows = grid.isSmooth ? SampleTaps(count: o.height, scale: grid.scale, interpolation: grid.interpolation) : nil
    }

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int) {
        if let columns, let rows { return drawSmooth(row: row, y: y, columns: columns, rows: rows) }
        let o = grid.orientation, k = grid.scale
        let rowBase = o.base + (y / k) * o.rowStride
        voxels.withUnsafeBytes { raw in
            colorMap.entries.withUnsafeBufferPointer { lut in
                let vox = raw.bindMemory(to: UInt8.self)
                for c in 0..<o.width {
                    let color = lut[Int(vox[rowBase + c * o.columnStride])]
                    for px in (c * k)..<((c + 1) * k) { row[px] = color }
                }
            }
        }
    }

    /// Separable: the four source rows blended into one row of voxel columns (on the stack),
    /// then four of those per output pixel. Values are blended before the colour map, so the
    /// window applies to the interpolated grey, which stays within the greys (cubic overshoot
    /// must not reach BrainVoyager's label values); a pixel whose nearest voxel holds a label
    /// value shows that label's colour as a block.
    private func drawSmooth(row: UnsafeMutableBufferPointer<UInt32>, y: Int, columns: SampleTaps, rows: SampleTaps) {
        let o = grid.orientation
        let greyMax = Float(GreyWindow.vmrGreyMax)
        voxels.withUnsafeBytes { raw in
            colorMap.entries.withUnsafeBufferPointer { lut in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * o.width) { blended in
                    let vox = raw.bindMemory(to: UInt8.self)
                    // Second half: the nearest row's voxel value of each column.
                    let nearestRow = rows.nearestSlot(y)
                    rows.indices.withUnsafeBufferPointer { ri in
                        rows.weights.withUnsafeBufferPointer { rw in
                            for c in 0..<o.width {
                                let at = o.base + c * o.columnStride
                                var sum: Float = 0
                                for k in 0..<4 { sum += rw[4 * y + k] * Float(vox[at + Int(ri[4 * y + k]) * o.rowStride]) }
                                blended[c] = sum
                                blended[o.width + c] = Float(vox[at + Int(ri[4 * y + nearestRow]) * o.rowStride])
                            }
                        }
                    }
                    columns.indices.withUnsafeBufferPointer { ci in
                        columns.weights.withUnsafeBufferPointer { cw in
                            for px in 0..<row.count {
                                let nearest = blended[o.width + Int(ci[4 * px + columns.nearestSlot(px)])]
                                if nearest > greyMax { row[px] = lut[Int(nearest)]; continue }
                                var sum: Float = 0.5
                                for k in 0..<4 { sum += cw[4 * px + k] * blended[Int(ci[4 * px + k])] }
                                row[px] = lut[Int(min(greyMax, max(0, sum)))]
                            }
                        }
                    }
                }
            }
        }
    }
}
