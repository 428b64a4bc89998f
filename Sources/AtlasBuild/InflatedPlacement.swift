/// Puts an inflated hemisphere (centred at the origin in FreeSurfer) beside its pial twin.
public enum InflatedPlacement {
    /// Same y/z bounding-box centre as `pial`; translated along x so the medial extreme (max x on the
    /// left, min x on the right) sits `gap` mm from the midline on its own side.
    public static func place(inflated: [SIMD3<Float>], besidePial pial: [SIMD3<Float>], left: Bool,
                             gap: Float = 5) -> [SIMD3<Float>] {
        guard !inflated.isEmpty, !pial.isEmpty else { return inflated }
        let (pl, ph) = bounds(pial), (il, ih) = bounds(inflated)
        let dy = (pl.y + ph.y) / 2 - (il.y + ih.y) / 2
        let dz = (pl.z + ph.z) / 2 - (il.z + ih.z) / 2
        let dx = left ? -gap - ih.x : gap - il.x
        let shift = SIMD3(dx, dy, dz)
        return inflated.map { $0 + shift }
    }

    static func bounds(_ points: [SIMD3<Float>]) -> (SIMD3<Float>, SIMD3<Float>) {
        var lo = points[0], hi = points[0]
        for p in points { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        return (lo, hi)
    }
}
