/// One connected set of supra-threshold voxels of one sign.
public struct Cluster: Sendable {
    /// +1 for values ≥ threshold, −1 for values ≤ −threshold.
    public let sign: Int
    /// Voxel indices into the map, ascending.
    public let voxels: [Int]
    public let sizeMm3: Double
    /// The voxel of largest magnitude (the first in index order on ties).
    public let peak: Int
    public let peakValue: Float
    public let peakMNI: SIMD3<Double>
    /// Unweighted mean MNI position of the voxels.
    public let centreOfMass: SIMD3<Double>
    /// Local maxima at least `peakSeparationMm` apart, highest magnitude first (the peak first).
    public let maxima: [(index: Int, value: Float, mni: SIMD3<Double>)]
}
