/// How strongly the lit pass darkens shut-in parts of a surface: a vertex of openness o (0 shut
/// in … 1 open, `RenderMesh.occlusion`, baked by the atlas build) gets the factor
/// a = 1 − `strength` × (1 − o); ambient light is scaled by a, direct light by 0.35 + 0.65 a,
/// highlights by a. The formula lives in `Shaders/lit.frag` (uniform `uOcclusion` = strength);
/// the strength lives here and reaches the web viewer through the scene JSON.
public enum AmbientOcclusion {
    /// The strength of every lit render with occlusion on (`--ao on`, the default).
    public static let strength: Float = 0.8
}
