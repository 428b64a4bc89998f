import BrainAtlas
import BrainFormats

/// The brain's shape on each glass-brain projection: the cells any labelled voxel of the bundled
/// cortex (`gyri`) or deep-structure (`subcortical`) atlas projects onto, and separately those of
/// the deep structures, whose outlines (thalamus, striatum, cerebellum, brainstem) give the reader
/// landmarks inside the glass.
public struct GlassOutline: Sendable {
    /// Per view (`GlassPlane.View.allCases` order), the cells inside the brain and inside a deep structure.
    public let brain: [[Bool]]
    public let deep: [[Bool]]

    /// The atlases whose labelled voxels make the brain's shape.
    static let cortex = "gyri", deepAtlas = "subcortical"

    /// Masks given per view (tests, a user's own outline).
    init(brain: [[Bool]], deep: [[Bool]]) {
        (self.brain, self.deep) = (brain, deep)
    }

    public init(library: AtlasLibrary) throws {
        let planes = GlassPlane.View.allCases.map { GlassPlane(view: $0) }
        var brain = planes.map { [Bool](repeating: false, count: $0.width * $0.height) }
        var deep = brain
        for (name, isDeep) in [(Self.cortex, false), (Self.deepAtlas, true)] {
            let volume = try library.atlas(named: name).labelVolume()
            let o = volume.origin, d = volume.dims
            for z in o.z..<(o.z + d.z) {
                for y in o.y..<(o.y + d.y) {
                    for x in o.x..<(o.x + d.x) where volume.label(x: x, y: y, z: z) != 0 {
                        let m = CanonicalFrame.mni(x, y, z)
                        let p = SIMD3(Double(m.x), Double(m.y), Double(m.z))
                        for (i, plane) in planes.enumerated() {
                            guard let c = plane.cell(ofMNI: p) else { continue }
                            brain[i][c.y * plane.width + c.x] = true
                            if isDeep { deep[i][c.y * plane.width + c.x] = true }
                        }
                    }
                }
            }
        }
        self.brain = brain
        self.deep = deep
    }

    /// Cells of `mask` (`width` wide) with a 4-neighbour outside it: the outline drawn.
    static func edge(_ mask: [Bool], width: Int) -> [Bool] {
        let height = mask.count / width
        var out = [Bool](repeating: false, count: mask.count)
        for y in 0..<height {
            for x in 0..<width where mask[y * width + x] {
                let inside = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].allSatisfy { nx, ny in
                    nx >= 0 && ny >= 0 && nx < width && ny < height && mask[ny * width + nx]
                }
                if !inside { out[y * width + x] = true }
            }
        }
        return out
    }
}
