import BrainAtlas

/// What `clusters`, `report` and `glass` are asked about a map, read through one field table
/// (`MapClusterRequest.fields`): which map, how its threshold is found, sides, smallest cluster,
/// the cluster-level correction, the atlases and the files placing a native map.
public struct MapClusterRequest: Sendable, Equatable {
    /// 1-based number or name of the map (NIfTI: volume number).
    public internal(set) var map: String?
    /// The cluster-forming value; nil when `p` or `q` gives it.
    public internal(set) var threshold: Double?
    public internal(set) var p: Double?
    public internal(set) var bonferroni = false
    public internal(set) var q: Double?
    /// Degrees of freedom when the file stores none (F maps: two).
    public internal(set) var df: [Double]?
    public internal(set) var twoSided = false
    /// mm³ (mm² for surface maps).
    public internal(set) var minSize: Double = 0
    /// The atlases described, in the order the summary label tries them (nil: all).
    public internal(set) var atlases: [String]?
    public internal(set) var clusterAlpha: Double?
    /// Smoothness of the simulated noise (one value or three); nil: estimated from the map.
    public internal(set) var fwhm: [Double]?
    public internal(set) var clusterIterations = ClusterCorrectionRequest.defaultIterations
    public internal(set) var clusterSeed = 1
    /// A native VMP's VMR and a subject's Talairach landmarks (command line only).
    public internal(set) var vmr: String?
    public internal(set) var tal: String?
    /// `clusters` only (`listingFields`): the coordinates of the table and the neighbourhood;
    /// nil connectivity: 26 for volumes, the mesh's edges for surface maps.
    public internal(set) var space: CoordinateSpace = .mni
    public internal(set) var connectivity: Connectivity?

    public init() {}

    /// The request from texts by field key, read through `table` and checked as a whole.
    public init(_ given: [String: String], table: RequestFieldTable<MapClusterRequest> = Self.fields) throws(FieldError) {
        var request = Self()
        try table.read(given, into: &request)
        try request.validate()
        self = request
    }

    /// The rules that join fields, all checked before any file is read.
    public func validate() throws(FieldError) {
        try thresholdRequest.validate()
        if let threshold, threshold <= 0 {
            throw FieldError("threshold", value: ThresholdRequest.text(threshold), "must be > 0 (negative clusters: add {twoSided})")
        }
        if df?.contains(where: { $0 <= 0 }) == true {
            throw FieldError("df", value: df!.map(ThresholdRequest.text).joined(separator: ","), "needs degrees of freedom > 0")
        }
        try clusterCorrection?.validate()
        if clusterAlpha == nil, fwhm != nil { throw FieldError("fwhm", "sets the smoothness for {clusterAlpha}; give {clusterAlpha} too") }
    }

    /// The threshold as asked (a value, or a p or q to turn into one on the map).
    public var thresholdRequest: ThresholdRequest {
        ThresholdRequest(value: threshold.map(Float.init), p: p, q: q, bonferroni: bonferroni, df: df, twoSided: twoSided)
    }

    /// The cluster-level correction asked for (nil: none).
    public var clusterCorrection: ClusterCorrectionRequest? {
        clusterAlpha.map { ClusterCorrectionRequest(alpha: $0, fwhmMm: fwhm, iterations: clusterIterations, seed: UInt64(clusterSeed)) }
    }

    /// Whether the threshold must be found on the map (a p, a q, or a correction that needs the map).
    public var needsVolume: Bool { threshold == nil || p != nil || q != nil || clusterAlpha != nil }

    /// Surface (SMP and other per-vertex) maps: a value threshold only, in mm² along the mesh's edges.
    public func surfaceOptions() throws(FieldError) -> ClusterOptions {
        guard let threshold, p == nil, q == nil else { throw FieldError(p != nil ? "p" : "q", "surface maps take a {threshold} value") }
        guard clusterAlpha == nil else { throw FieldError("clusterAlpha", "simulates volume noise; surface maps take {minSize} in mm²") }
        guard connectivity == nil else { throw FieldError("connectivity", "surface clusters join along the mesh's edges; leave it out") }
        var options = ClusterOptions(threshold: Float(threshold), twoSided: twoSided, minSizeMm3: minSize, connectivity: .corners)
        options.coordinates = space
        return options
    }

    /// Cluster options for `volume`: its threshold found as asked, raised to the correction's size when asked.
    public func options(for volume: MapVolume, progress: (Int, Int) -> Void = { _, _ in }) throws -> ClusterOptions {
        let neighbours = connectivity ?? .corners
        let resolved = try thresholdRequest.resolve(for: volume)
        let correction = try clusterCorrection?.resolve(for: volume, threshold: resolved.value, thresholdRequest: thresholdRequest,
                                                       connectivity: neighbours, progress: progress)
        var options = ClusterOptions(threshold: resolved.value, twoSided: twoSided, minSizeMm3: max(minSize, correction?.minMm3 ?? 0),
                                     connectivity: neighbours)
        options.thresholdMethod = resolved.method
        options.clusterCorrection = correction
        options.atlases = atlases
        options.coordinates = space
        return options
    }
}
