/// One record of a VMR's past spatial transformations (docs/file-formats.md §3.4); values are kept as stored.
public struct VMRTransformation: Hashable, Sendable {
    /// e.g. `NoName`, `CombinedSpatialTransformationAndTalairach, sinc interpolation (R=3)`.
    public var name: RawString
    /// 1 rigid+scale, 2 affine, 4 Talairach, 5 un-Talairach, 6 combined+Talairach (40 values), 7 NIfTI sform.
    public var type: Int32
    /// Source VMR/NIfTI path, possibly from another OS.
    public var sourceFile: RawString
    /// `NrOfValues` floats exactly as stored (4×4 matrices are row-major).
    public var values: [Float]

    public init(name: RawString, type: Int32, sourceFile: RawString, values: [Float]) {
        self.name = name
        self.type = type
        self.sourceFile = sourceFile
        self.values = values
    }

    /// The 4×4 row-major matrix held in the first 16 values, when there are at least 16.
    public var matrix: [[Float]]? {
        guard values.count >= 16 else { return nil }
        return (0..<4).map { r in Array(values[(4 * r)..<(4 * r + 4)]) }
    }
}

/// The scanner position block of a VMR v2+ post-header (docs/file-formats.md §3.3); informational only.
public struct VMRPositionInfo: Hashable, Sendable {
    public var posInfosVerified: Int32 = 0
    public var coordinateSystem: Int32 = 1
    public var slice1Center: SIMD3<Float> = [127.5, 0, 0]
    public var sliceNCenter: SIMD3<Float> = [-127.5, 0, 0]
    public var rowDirection: SIMD3<Float> = [0, 1, 0]
    public var columnDirection: SIMD3<Float> = [0, 0, -1]
    public var rows: Int32 = 256
    public var columns: Int32 = 256
    public var fovRows: Float = 256
    public var fovColumns: Float = 256
    public var sliceThickness: Float = 1
    public var gapThickness: Float = 0

    /// BrainVoyager's defaults for a 256³ 1 mm volume.
    public init() {}
}

/// Range of the original 16-bit intensities, kept in the VMR tail (−1 = unknown).
public struct V16Range: Hashable, Sendable {
    public var min: Int32
    public var mean: Int32
    public var max: Int32

    public init(min: Int32, mean: Int32, max: Int32) {
        self.min = min
        self.mean = mean
        self.max = max
    }
}
