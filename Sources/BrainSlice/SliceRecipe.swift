import BrainImage
import Foundation

/// A slice image as a list of stages evaluated over one loop of output rows (the Core Image
/// idea): each stage draws into the row the previous ones left, and no full-size intermediate
/// buffer exists. Add a stage (a caption, a frame) by appending it; `standard` is the usual slice.
public struct SliceRecipe: Sendable {
    /// Output size in pixels.
    public var width: Int
    public var height: Int
    public var stages: [any SliceStage]

    public init(width: Int, height: Int, stages: [any SliceStage]) {
        self.width = width
        self.height = height
        self.stages = stages
    }

    /// Window → colour map, then overlay, outline, crosshair and letters, at `grid`'s scale.
    /// `labels` (region id per slice voxel, row-major) and `overlay` together turn the overlay on.
    public static func standard(grid: SliceGrid, voxels: Data, colourMap: ColourMap,
                                labels: [UInt16]? = nil, overlay: RegionOverlay? = nil, outline: Bool = false,
                                annotations: SliceAnnotations = .none) -> SliceRecipe {
        var stages: [any SliceStage] = [GreyMapStage(grid: grid, voxels: voxels, colourMap: colourMap)]
        if let labels, let overlay, labels.count == grid.orientation.width * grid.orientation.height {
            stages.append(OverlayStage(grid: grid, labels: labels, overlay: overlay))
            if outline { stages.append(OutlineStage(grid: grid, labels: labels, overlay: overlay)) }
        }
        if let cross = annotations.crosshair {
            stages.append(CrosshairStage(x: cross.x, y: cross.y, gap: annotations.crosshairGap))
        }
        if !annotations.stamps.isEmpty { stages.append(LetterStage(stamps: annotations.stamps)) }
        return SliceRecipe(width: grid.width, height: grid.height, stages: stages)
    }

    /// Evaluates the stages, row by row, straight into the image's buffer.
    public func render() throws -> RGBAImage {
        try RGBAImage(width: width, height: height) { y, bytes in
            // Packed colours have red in the lowest byte: RGBA in memory on little-endian hosts.
            bytes.withMemoryRebound(to: UInt32.self) { row in
                for stage in stages { stage.draw(row: row, y: y) }
            }
        }
    }
}
