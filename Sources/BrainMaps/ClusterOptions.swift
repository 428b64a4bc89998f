import BrainAtlas

/// What `clusters` is asked: the threshold, sides, smallest size and neighbourhood.
public struct ClusterOptions: Sendable {
    /// Voxels with value ≥ threshold (and ≤ −threshold when two-sided) form clusters.
    public var threshold: Float
    public var twoSided: Bool
    /// Clusters smaller than this (mm³) are dropped.
    public var minSizeMm3: Double
    public var connectivity: Connectivity
    /// Local maxima closer than this to a higher one are not reported (mm).
    public var peakSeparationMm: Double
    /// The space the table's coordinates are given in (`.mni` or `.tal`; look-ups are always made in MNI).
    public var coordinates: CoordinateSpace = .mni
    /// How the threshold was found ("given", or the p/q rule and its distribution), stated in the table.
    public var thresholdMethod = "given"
    /// `--atlases`: the atlases described and the order the summary label tries them (nil: all, default order).
    public var atlases: [String]?
    /// The cluster-level correction whose size threshold `minSizeMm3` includes, stated in the table (nil: none).
    public var clusterCorrection: ClusterCorrection?

    public init(threshold: Float, twoSided: Bool = false, minSizeMm3: Double = 0, connectivity: Connectivity = .corners,
                peakSeparationMm: Double = 8) {
        self.threshold = threshold
        self.twoSided = twoSided
        self.minSizeMm3 = minSizeMm3
        self.connectivity = connectivity
        self.peakSeparationMm = peakSeparationMm
    }

    /// Throws unless the threshold and size make sense (fields by their `MapClusterRequest` keys).
    public func validate() throws(FieldError) {
        guard threshold.isFinite, threshold > 0 else {
            throw FieldError("threshold", value: "\(threshold)", "must be > 0 (negative clusters: add {twoSided})")
        }
        guard minSizeMm3.isFinite, minSizeMm3 >= 0 else { throw FieldError("minSize", value: "\(minSizeMm3)", "must be ≥ 0 mm³") }
    }
}
