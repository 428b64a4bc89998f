import BrainImage
import Foundation

/// A slice image as a list of stages evaluated over one loop of output rows (the Core Image
/// idea): each stage draws into the row the previous ones left, and no full-size intermediate
/// buffer exists. Add a stage (a frame, a tint) by appending it; `standard` is the usual slice.
/// The stages draw the slice's rectangle of the canvas; bands around it (letters, caption,
/// legend: `SliceDecorations`, drawn afterwards with FreeType) start black.
public struct SliceRecipe: Sendable {
    /// Canvas size in pixels.
    public var width: Int
    public var height: Int
    /// The slice's rectangle on the canvas: stages see its rows, with x and y relative to it.
    public var slice: PixelRect
    public var stages: [any SliceStage]

    /// Stages drawing the whole `width × height` image.
    public init(width: Int, height: Int, stages: [any SliceStage]) {
        self.init(width: width, height: height, slice: PixelRect(x: 0, y: 0, width: width, height: height), stages: stages)
    }

    public init(width: Int, height: Int, slice: PixelRect, stages: [any SliceStage]) {
        self.width = width
        self.height = height
        self.slice = slice
        self.stages = stages
    }

    /// Window → colour map, then overlay, outline and crosshair, at `grid`'s scale, placed at
    /// `layout`'s origin (default: the slice alone). `labels` (region id per slice voxel,
    /// row-major) and `overlay` together turn the overlay on. Smooth grids draw fill and border
    /// lines in one anti-aliased stage (`overlay`'s lines); block grids outline voxel edges.
    public static func standard(grid: SliceGrid, voxels: Data, colorMap: ColorMap,
                                labels: [UInt16]? = nil, overlay: RegionOverlay? = nil, outline: Bool = false,
                                annotations: SliceAnnotations = .none, layout: SliceLayout? = nil,
                                map: (any SliceStage)? = nil) -> SliceRecipe {
        var stages: [any SliceStage] = [GreyMapStage(grid: grid, voxels: voxels, colorMap: colorMap)]
        // A statistical map lies on the anatomy, under the region borders.
        if let map { stages.append(map) }
        if let labels, let overlay, labels.count == grid.orientation.width * grid.orientation.height {
            if grid.isSmooth {
                stages.append(SmoothOverlayStage(grid: grid, labels: labels, overlay: overlay))
            } else {
                stages.append(OverlayStage(grid: grid, labels: labels, overlay: overlay))
                if outline || !overlay.highlighted.isEmpty {
                    stages.append(OutlineStage(grid: grid, labels: labels, overlay: overlay, outlineAll: outline))
                }
            }
        }
        if let cross = annotations.crosshair {
            stages.append(CrosshairStage(x: cross.x, y: cross.y, gap: annotations.crosshairGap, width: annotations.crosshairWidth))
        }
        guard let layout else { return SliceRecipe(width: grid.width, height: grid.height, stages: stages) }
        return SliceRecipe(width: layout.width, height: layout.height, slice: layout.sliceBox, stages: stages)
    }

    /// Evaluates the stages, row by row, straight into the image's buffer.
    public func render() throws -> RGBAImage {
        let s = slice
        return try RGBAImage(width: width, height: height) { y, bytes in
            // Packed colours have red in the lowest byte: RGBA in memory on little-endian hosts.
            bytes.withMemoryRebound(to: UInt32.self) { row in
                row.initialize(repeating: ColorMap.pack((0, 0, 0)))
                guard y >= s.y, y < s.maxY else { return }
                let part = UnsafeMutableBufferPointer(rebasing: row[s.x..<s.maxX])
                for stage in stages { stage.draw(row: part, y: y - s.y) }
            }
        }
    }
}
