import BrainAtlas
import BrainImage
import BrainMaps

/// A slice laid out but not drawn: what `Slicer.render` draws and `Slicer.pick` reads, so a pick
/// names the pixel of exactly the image the same request draws.
struct SlicePlan {
    /// What only a drawn (not `raw`) slice has: its grey window, its text and a statistical map.
    struct Drawing {
        let window: GreyWindow
        let decorations: SliceDecorations?
        let text: TextRenderer?
        let map: MapOverlay?
    }

    let volume: SliceVolume
    let index: Int
    /// The plane's coordinate in the volume's own mm.
    let millimetres: Double
    /// The voxel `at` marks.
    let crosshair: SIMD3<Int>?
    let layout: SliceLayout
    /// The label plane (one id per slice voxel, image order), its regions and their blend table.
    let layers: (plane: [UInt16], regions: [Region], overlay: RegionOverlay)?
    let visible: [(region: Region, pixels: Int)]
    /// nil for `raw` slices.
    let drawing: Drawing?

    var letterBoxes: [PixelRect] { drawing?.decorations?.letters.map(\.box) ?? [] }
    var captionBox: PixelRect? { drawing?.decorations?.caption?.box }
    var legendBox: PixelRect? { drawing?.decorations?.legendBox }
}
