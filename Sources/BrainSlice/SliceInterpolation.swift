/// How output pixels between voxel centres take the anatomy's grey: `nearest` keeps each voxel a
/// `scale × scale` block, `linear` and `cubic` (Catmull-Rom) blend the voxels around the pixel.
public enum SliceInterpolation: String, Sendable, CaseIterable {
    case nearest, linear, cubic

    /// Smooth by default: figures should not show the voxel grid.
    public static let `default` = SliceInterpolation.cubic

    /// The `interp` field as typed (any case), or an error naming it.
    public init(field text: String) throws(SliceError) {
        guard let value = Self(rawValue: text.lowercased()) else {
            throw .field("interp", value: text, "is not nearest, linear or cubic")
        }
        self = value
    }
}

/// For each output pixel along one image axis, the four source samples it blends and their
/// weights (unused taps weigh 0), indices clamped to the slice. Made once per slice, so the row
/// loop only loads and multiplies.
struct SampleTaps: Sendable {
    /// 4 per output pixel: source index (row or column of the slice).
    let indices: [Int32]
    let weights: [Float]

    /// `count` source samples shown at `scale` output pixels each. Pixel p's centre lies at
    /// source coordinate (p + ½)/scale − ½ (voxel centres at whole numbers).
    init(count: Int, scale: Int, interpolation: SliceInterpolation) {
        let n = count * scale
        var indices = [Int32](repeating: 0, count: 4 * n)
        var weights = [Float](repeating: 0, count: 4 * n)
        let last = max(0, count - 1)
        for p in 0..<n {
            let u = (Double(p) + 0.5) / Double(scale) - 0.5
            let i0 = Int(u.rounded(.down)), t = u - Double(i0)
            let w: (Double, Double, Double, Double)
            switch interpolation {
            case .nearest: w = (0, t < 0.5 ? 1 : 0, t < 0.5 ? 0 : 1, 0)
            case .linear: w = (0, 1 - t, t, 0)
            case .cubic: w = Self.catmullRom(t)
            }
            for (k, weight) in [w.0, w.1, w.2, w.3].enumerated() {
                indices[4 * p + k] = Int32(min(last, max(0, i0 - 1 + k)))
                weights[4 * p + k] = Float(weight)
            }
        }
        self.indices = indices
        self.weights = weights
    }

    /// The slot (1 or 2) of the voxel nearest output pixel `p`.
    @inline(__always)
    func nearestSlot(_ p: Int) -> Int { weights[4 * p + 1] >= weights[4 * p + 2] ? 1 : 2 }

    /// Catmull-Rom weights of samples at −1, 0, 1, 2 for a point t (0…1) past sample 0: sharp
    /// like the anatomy, interpolating (voxel centres keep their value), weights summing to 1.
    static func catmullRom(_ t: Double) -> (Double, Double, Double, Double) {
        let t2 = t * t, t3 = t2 * t
        return ((-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2, (t3 - t2) / 2)
    }
}
