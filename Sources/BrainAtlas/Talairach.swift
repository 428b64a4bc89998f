/// Talairach ↔ MNI with Lancaster et al. 2007's `icbm_other2tal` affine (Hum Brain Mapp 28:1194),
/// the transform for MNI templates other than SPM's and FSL's, as our ICBM 2009c template is.
public enum Talairach {
    /// Rows of icbm_other2tal: tal = M · [mni, 1] (ric.uthscsa.edu, 3/14/07).
    public static let mniToTal: [[Double]] = [
        [0.9357, 0.0029, -0.0072, -1.0423],
        [-0.0065, 0.9396, -0.0726, -1.3940],
        [0.0103, 0.0752, 0.8967, 3.6475],
    ]

    /// A one-line statement of the conversion for command output.
    public static let conversionNote =
        "Talairach input converted to MNI with the inverse of Lancaster et al. 2007 icbm_other2tal"

    /// MNI (mm) → Talairach (mm).
    public static func talairach(fromMNI p: SIMD3<Double>) -> SIMD3<Double> {
        let m = mniToTal
        return SIMD3(m[0][0] * p.x + m[0][1] * p.y + m[0][2] * p.z + m[0][3],
                     m[1][0] * p.x + m[1][1] * p.y + m[1][2] * p.z + m[1][3],
                     m[2][0] * p.x + m[2][1] * p.y + m[2][2] * p.z + m[2][3])
    }

    /// Talairach (mm) → MNI (mm): the exact inverse of `talairach(fromMNI:)`.
    public static func mni(fromTalairach t: SIMD3<Double>) -> SIMD3<Double> {
        let inv = inverseLinear
        let m = mniToTal
        let d = SIMD3(t.x - m[0][3], t.y - m[1][3], t.z - m[2][3])
        return SIMD3(inv[0][0] * d.x + inv[0][1] * d.y + inv[0][2] * d.z,
                     inv[1][0] * d.x + inv[1][1] * d.y + inv[1][2] * d.z,
                     inv[2][0] * d.x + inv[2][1] * d.y + inv[2][2] * d.z)
    }

    /// Inverse of the 3×3 linear part, by the adjugate (the matrix is far from singular).
    static let inverseLinear: [[Double]] = {
        let m = mniToTal
        let a = m[0][0], b = m[0][1], c = m[0][2]
        let d = m[1][0], e = m[1][1], f = m[1][2]
        let g = m[2][0], h = m[2][1], i = m[2][2]
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
                [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    }()
}
