import Foundation

/// The first stage: each voxel's value through the colour map (window or raw grey).
struct GreyMapStage: SliceStage {
    let grid: SliceGrid
    /// The whole volume, x fastest (usually the VMR's memory map: only the plane is touched).
    let voxels: Data
    let colourMap: ColourMap

    init(grid: SliceGrid, voxels: Data, colourMap: ColourMap) {
        let dims = grid.orientation.dims
        precondition(voxels.count >= dims.x * dims.y * dims.z, "volume smaller than its dims")
        self.grid = grid
        self.voxels = voxels
        self.colourMap = colourMap
    }

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int) {
        let o = grid.orientation, k = grid.scale
        let rowBase = o.base + (y / k) * o.rowStride
        voxels.withUnsafeBytes { raw in
            colourMap.entries.withUnsafeBufferPointer { lut in
                let vox = raw.bindMemory(to: UInt8.self)
                for c in 0..<o.width {
                    let colour = lut[Int(vox[rowBase + c * o.columnStride])]
                    for px in (c * k)..<((c + 1) * k) { row[px] = colour }
                }
            }
        }
    }
}
