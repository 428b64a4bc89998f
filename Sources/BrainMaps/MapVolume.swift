import Foundation
import BrainAtlas
import BrainFormats

/// One 3-D statistical map on its own grid, with the affine from voxel (i, j, k) to MNI millimetres.
public struct MapVolume: Sendable {
    public let name: String
    /// Values, i fastest.
    public let values: [Float]
    public let dims: SIMD3<Int>
    /// Row-major 3×4: voxel → millimetres in `space`.
    public let affine: [[Double]]
    /// `.mni` or `.talairach` (Talairach millimetres are converted to MNI for look-ups).
    public let space: ReferenceSpace
    /// The map's own thresholds when the file stores them (VMP), else nil.
    public let storedThreshold: Float?
    /// Thresholds, signs and statistic for drawing the map (`MapDisplay.defaults` when the file has none).
    public let display: MapDisplay
    /// The statistic's degrees of freedom as the file stores them (VMP DF1, DF2; NIfTI intent parameters); empty when unknown.
    public var degreesOfFreedom: [Double] = []
    /// A VMP's own FDR table: rows of (q, threshold, conservative threshold).
    public var fdrTable: [SIMD3<Float>] = []
    /// The template the file names, when it names one.
    public var template: MapTemplate?
    /// A cross-correlation VMP's lag at each voxel (its `values` are then the correlations); nil for other maps.
    public var lags: [Float]?

    public init(name: String, values: [Float], dims: SIMD3<Int>, affine: [[Double]], space: ReferenceSpace, storedThreshold: Float? = nil,
                display: MapDisplay? = nil) {
        precondition(values.count == dims.x * dims.y * dims.z, "values fill the grid")
        self.name = name
        self.values = values
        self.dims = dims
        self.affine = affine
        self.space = space
        self.storedThreshold = storedThreshold
        self.display = display ?? .defaults(values: values, statistic: nil)
    }

    public var voxelCount: Int { values.count }

    /// Volume of one voxel in mm³ (the affine's determinant).
    public var voxelVolume: Double {
        let a = affine
        let det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        return abs(det)
    }

    @inline(__always)
    public func index(_ i: Int, _ j: Int, _ k: Int) -> Int { i + dims.x * (j + dims.y * k) }

    @inline(__always)
    public func voxel(_ index: Int) -> SIMD3<Int> {
        SIMD3(index % dims.x, (index / dims.x) % dims.y, index / (dims.x * dims.y))
    }

    /// MNI millimetres of a (possibly fractional) voxel position.
    public func mni(_ p: SIMD3<Double>) -> SIMD3<Double> {
        var out = SIMD3<Double>()
        for r in 0..<3 { out[r] = affine[r][0] * p.x + affine[r][1] * p.y + affine[r][2] * p.z + affine[r][3] }
        return space == .talairach ? Talairach.mni(fromTalairach: out) : out
    }

    public func mni(ofIndex index: Int) -> SIMD3<Double> {
        let v = voxel(index)
        return mni(SIMD3(Double(v.x), Double(v.y), Double(v.z)))
    }
}
