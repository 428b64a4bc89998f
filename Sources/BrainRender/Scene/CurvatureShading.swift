/// How strongly the lit pass shades the folding: a vertex of convexity c (−1 deepest sulcus …
/// +1 gyral crown, `RenderMesh.curvature`) multiplies its region colour by 1 + c × `sulcus`
/// for c < 0 and 1 + c × `gyrus` otherwise, so colours span 0.65 … 1.08 of themselves: the
/// folds read on the smooth inflated surface and region colours stay recognisable (lightening
/// is kept small because light colours saturate under the lights). The formula lives in `Shaders/lit.frag` (uniform `uCurvature` = (sulcus, gyrus));
/// the strengths live here and reach the web viewer through the scene JSON.
public struct CurvatureShading: Sendable, Equatable {
    public let sulcus: Float
    public let gyrus: Float

    /// The strengths of every lit render with curvature on.
    public static let standard = CurvatureShading(sulcus: 0.35, gyrus: 0.08)
    /// No shading: the uniform of layers drawn without curvature.
    public static let off = CurvatureShading(sulcus: 0, gyrus: 0)

    /// The factor a colour is multiplied by at convexity `c` (the shader's formula, for tests).
    public func factor(convexity c: Float) -> Float {
        1 + c * (c < 0 ? sulcus : gyrus)
    }
}
