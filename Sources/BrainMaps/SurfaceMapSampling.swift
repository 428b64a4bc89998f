/// Volume map → cortical surface: each vertex takes the strongest shown value along its inward
/// normal from the pial surface down to `depth` mm, like nilearn's `vol_to_surf` with
/// `kind="line"` and the maximum over the samples. The bundled meshes are pial surfaces without a
/// white surface, so the line's length is the cortex's typical thickness rather than the vertex's own.
public enum SurfaceMapSampling {
    /// Depths sampled below the pial surface (mm): 0, 0.5, …, 3.
    public static let depths: [Double] = stride(from: 0.0, through: 3.0, by: 0.5).map { $0 }

    /// One value per vertex: the sample of largest magnitude among the signs the overlay shows
    /// (the largest value for positive maps, the smallest for negative ones), or among `signs`.
    public static func values(_ overlay: MapOverlay, positions: [SIMD3<Float>], normals: [SIMD3<Float>],
                              signs: MapDisplay.Signs? = nil) -> [Float] {
        let signs = signs ?? overlay.signs
        var out = [Float](repeating: 0, count: positions.count)
        for i in positions.indices {
            let p = SIMD3<Double>(positions[i]), n = SIMD3<Double>(normals[i])
            var best: Float = 0
            for d in depths {
                let v = overlay.value(atMNI: p - n * d)
                switch signs {
                case .positive: if v > best { best = v }
                case .negative: if v < best { best = v }
                // Equal magnitudes go to the positive value, whatever their depths: the viewer
                // knows only the strongest sample of each sign, so this is the rule both can apply.
                case .both: if abs(v) > abs(best) || (abs(v) == abs(best) && v > best) { best = v }
                }
            }
            out[i] = best
        }
        return out
    }
}
