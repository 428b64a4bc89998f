import BrainAtlas
import Testing
@testable import BrainSlice

/// A labelled voxel with no labelled neighbour on the slice is drawn as a patch of its region's
/// fill, not ringed by its border line; two voxels side by side keep their line.
struct LoneVoxelTests {
    static let side = 9, scale = 8
    static let grey: UInt32 = ColorMap.pack((128, 128, 128))
    /// Dark enough that its border line is the colour itself, so a line pixel's green is 0 while
    /// the fill over grey keeps green near 128 × 0.4.
    static let region = Region(id: 1, name: "test", sourceLabel: "test", hemisphere: .left, atlas: "test",
                               color: RGB(200, 0, 0), lobe: nil)

    /// The smallest green channel over a smooth slice of `labels` (side × side, row-major).
    static func darkestGreen(_ labels: [UInt16]) -> Int {
        let orientation = SliceOrientation(plane: .axial, index: 0, dims: SIMD3(side, 1, side))
        let grid = SliceGrid(orientation: orientation, scale: scale, interpolation: .linear)
        let stage = SmoothOverlayStage(grid: grid, labels: labels, overlay: RegionOverlay(regions: [region]))
        var darkest = 255
        var row = [UInt32](repeating: grey, count: grid.width)
        for y in 0..<grid.height {
            for x in row.indices { row[x] = grey }
            row.withUnsafeMutableBufferPointer { stage.draw(row: $0, y: y) }
            darkest = min(darkest, row.map { Int(($0 >> 8) & 0xFF) }.min()!)
        }
        return darkest
    }

    @Test func aLoneVoxelIsFilledWithoutARing() {
        var labels = [UInt16](repeating: 0, count: Self.side * Self.side)
        labels[4 * Self.side + 4] = 1
        #expect(SmoothOverlayStage.loneVoxels(labels, width: Self.side, height: Self.side).filter { $0 }.count == 1)
        let fillGreen = 128 - Int((Double(128) * RegionOverlay.defaultOpacity).rounded())
        let lone = Self.darkestGreen(labels)
        #expect(lone >= fillGreen - 1, "darkest green \(lone): the fill's is \(fillGreen)")
        #expect(lone < 128, "the voxel is drawn")
        labels[4 * Self.side + 5] = 1
        #expect(SmoothOverlayStage.loneVoxels(labels, width: Self.side, height: Self.side).allSatisfy { !$0 })
        let pair = Self.darkestGreen(labels)
        #expect(pair < fillGreen - 20, "two voxels keep their border line (darkest green \(pair))")
    }
}
