/// The colour scales a statistical overlay can be drawn with (`--cmap`).
///
/// * `hot`: positive values red → yellow; negative ones (with both signs shown) blue → cyan,
///   BrainVoyager's default map colours.
/// * `cold`: the same pair, but alone it shows the negative values (deactivations) only.
/// * `viridis`: the perceptually uniform blue → green → yellow scale; with both signs shown it
///   spans −max … +max, so negative values are blue and positive ones yellow.
public enum OverlayColorScale: String, Sendable, CaseIterable {
    case hot, cold, viridis

    /// An 8-bit colour.
    public typealias Color = SIMD3<UInt8>

    /// The colours at the threshold and at the upper end of the positive half of `hot`/`cold`…
    public static let warmEnds: [SIMD3<Float>] = [SIMD3(255, 0, 0), SIMD3(255, 255, 0)]
    /// …and of the negative half.
    public static let coolEnds: [SIMD3<Float>] = [SIMD3(0, 0, 255), SIMD3(0, 255, 255)]

    /// The positive half of `hot`/`cold` at t (0 at the threshold … 1 at the upper end).
    static func warm(_ t: Float) -> Color { mix(warmEnds[0], warmEnds[1], t) }
    /// The negative half.
    static func cool(_ t: Float) -> Color { mix(coolEnds[0], coolEnds[1], t) }

    /// Viridis at t (0…1), linear between nine samples of matplotlib's table.
    static func viridis(_ t: Float) -> Color {
        let x = min(1, max(0, t)) * Float(viridisStops.count - 1)
        let i = min(viridisStops.count - 2, Int(x))
        return mix(viridisStops[i], viridisStops[i + 1], x - Float(i))
    }

    public static let viridisStops: [SIMD3<Float>] = [
        SIMD3(68, 1, 84), SIMD3(71, 44, 122), SIMD3(59, 81, 139), SIMD3(44, 113, 142), SIMD3(33, 144, 141),
        SIMD3(39, 173, 129), SIMD3(92, 200, 99), SIMD3(170, 220, 50), SIMD3(253, 231, 37),
    ]

    static func mix(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ t: Float) -> Color {
        let c = a + (b - a) * min(1, max(0, t))
        return SIMD3(UInt8(c.x.rounded()), UInt8(c.y.rounded()), UInt8(c.z.rounded()))
    }
}
