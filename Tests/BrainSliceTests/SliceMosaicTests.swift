import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// `slice --mosaic N` on the bundled template: N evenly spaced slices in a grid, each the slice
/// `slice` draws alone, one legend of every region shown and one colour bar for a map.
@Suite(.enabled(if: (try? AtlasLibrary.open()) != nil, "AtlasData not built"))
struct SliceMosaicTests {
    @Test func theTilesAreEvenlySpacedSlicesDrawnAsAlone() throws {
        let slicer = Slicer()
        let request = try SliceRequest(["plane": "axial", "mosaic": "6", "atlas": "lobes", "legend": "on"])
        let mosaic = try slicer.renderMosaic(request)
        #expect(mosaic.slices.count == 6)
        let steps = zip(mosaic.slices, mosaic.slices.dropFirst()).map { $1.index - $0.index }
        #expect(steps.max()! - steps.min()! <= 1, "evenly spaced: \(steps)")
        // The atlas's labelled box, its ends left out: every tile shows regions.
        #expect(mosaic.columns == 3, "6 tiles nearest 4:3 in 3 columns")
        // Each tile is pixel for pixel the slice drawn alone at the tile's scale, without a legend.
        let first = mosaic.slices[0], scale = try slicer.plan(request.mosaicTile(index: first.index, scale: nil)).layout.scale
        let alone = try slicer.render(request.mosaicTile(index: mosaic.slices[4].index, scale: max(1, (scale + 1) / 2)))
        let tileWidth = alone.image.width, tileHeight = alone.image.height
        #expect(mosaic.image.height == 2 * tileHeight)
        let grid = mosaic.gridBox
        #expect(grid.width == 3 * tileWidth && grid.height == 2 * tileHeight)
        var differing = 0
        for y in 0..<tileHeight {
            for x in 0..<tileWidth where mosaic.image[grid.x + tileWidth + x, tileHeight + y] != alone.image[x, y] { differing += 1 }
        }
        #expect(differing == 0, "tile 5 differs from its slice in \(differing) pixels")
        // The tiles carry no left or right letter (tile 5 is its slice drawn without them); each
        // row has its L in the band left of the grid and its R right of it, apart from every tile.
        #expect(grid.x > 0 && mosaic.image.width > grid.maxX)
        for row in 0..<2 {
            func lit(_ xs: Range<Int>) -> Int {
                var n = 0
                for y in (row * tileHeight)..<((row + 1) * tileHeight) {
                    for x in xs where mosaic.image[x, y].g > 200 { n += 1 }
                }
                return n
            }
            #expect(lit(0..<grid.x) > 10, "row \(row): a letter left of the grid")
            #expect(lit(grid.maxX..<(grid.maxX + 2 * grid.x)) > 10, "row \(row): a letter right of the grid")
        }
        // One legend right of the grid, listing every region shown on any tile, never taller or
        // wider than the grid.
        let legend = try #require(mosaic.legendBox)
        #expect(legend.x >= grid.maxX && legend.width <= 3 * tileWidth && legend.maxY <= mosaic.image.height)
        #expect(mosaic.regions.count >= 6, "\(mosaic.regions.map(\.region.name))")
    }

    @Test func aMapMosaicHasOneColorBar() throws {
        let blob = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/maps/blob_mni_2mm.nii.gz")
        let request = try SliceRequest(["plane": "coronal", "mosaic": "4", "overlay": blob.path, "threshold": "3"])
        let mosaic = try Slicer().renderMosaic(request)
        let bar = try #require(mosaic.colorBarBox)
        #expect(bar.x > mosaic.image.width / 2 && bar.maxX <= mosaic.image.width)
        #expect(bar.height * 5 >= mosaic.image.height, "the bar takes at least a fifth of the height")
        #expect(mosaic.legendBox == nil)
    }

    @Test func aMosaicChoosesItsOwnSlices() throws {
        let error = try #require(throws: SliceError.self) { try SliceRequest(["plane": "axial", "mosaic": "4", "mni": "10"]) }
        #expect("\(error)".contains("mosaic") && "\(error)".contains("index"))
        #expect(throws: SliceError.self) { try SliceRequest(["plane": "axial", "mosaic": "1"]) }
        #expect(throws: SliceError.self) { try SliceRequest(["plane": "axial", "mosaic": "4", "raw": "true"]) }
        #expect(SliceMosaic.indices(count: 3, in: 10...50) == [20, 30, 40])
        #expect(SliceMosaic.columns(count: 12, width: 100, height: 100) == 4)
    }
}
