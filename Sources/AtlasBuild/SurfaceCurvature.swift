import BrainFormats

/// fsaverage6 `sulc` as the per-vertex greys of the shipped cortex SRFs (pial and inflated alike):
/// FreeSurfer's sulc is positive in sulci and negative on gyri, so convexity is −sulc / `sulcClamp`,
/// clamped to −1…1, and `CurvatureGreys` writes it (light gyri, dark sulci). docs/file-formats.md §4.3.
enum SurfaceCurvature {
    /// |sulc| at which the grey saturates: fsaverage6 sulc spans about −1.5…1.85, with 96 % of
    /// vertices inside ±1.25, so only the deepest fundi and highest crowns clip.
    static let sulcClamp: Float = 1.25

    static func convexity(sulc: Float) -> Float {
        max(-1, min(1, -sulc / sulcClamp))
    }

    /// The MeshColor of every vertex.
    static func meshColors(sulc: [Float]) -> [UInt32] {
        sulc.map { CurvatureGreys.meshColor(convexity: convexity(sulc: $0)) }
    }
}
