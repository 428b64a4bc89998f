import BrainAtlas
import BrainFormats

/// The `clusters` answer: every cluster with its size, peak, centre, maxima and atlas regions (docs/MAPS.md).
public struct ClusterReport: Encodable, Sendable {
    public struct Maximum: Encodable, Sendable {
        public let mni: [Double]
        /// The same point in Talairach millimetres, when the table is asked for in Talairach space.
        public let tal: [Double]?
        public let value: Float
        /// A cross-correlation map's lag at the maximum (`value` is then its correlation r).
        public let lag: Int?
        /// `where` at the maximum (nil outside the atlas grid).
        public let atlases: Lookup.Result?
    }

    public struct AtlasShares: Encodable, Sendable {
        public let regions: [RegionShare]
        /// Percent of the cluster's voxels in no region of this atlas.
        public let unlabelled: Double
    }

    public struct Entry: Encodable, Sendable {
        public let id: Int
        /// "positive" or "negative".
        public let sign: String
        public let voxels: Int
        public let sizeMm3: Double
        public let peak: Maximum
        /// The most specific region containing the peak (`SummaryLabel`), nil when none is near.
        public let label: String?
        public let centreOfMass: [Double]
        /// Local maxima ≥ `peakSeparationMm` apart, the peak first.
        public let maxima: [Maximum]
        /// Atlas name → region shares.
        public let regions: [String: AtlasShares]
        /// Atlas order of `regions` (the catalog's), for tables.
        public let atlasOrder: [String]

        enum CodingKeys: String, CodingKey { case id, sign, voxels, sizeMm3, peak, label, centreOfMass, maxima, regions }
    }

    public let map: String
    /// The space of the map's own voxels (`mni` or `talairach`).
    public let space: String
    /// The space the text and CSV give coordinates in (`mni` or `tal`); JSON has `mni` always and `tal` when asked.
    public let coordinates: String
    /// The template the map's file names ("MNI152NLin2009cAsym (file name)"), nil when it names none.
    public let template: String?
    public let threshold: Float
    /// How the threshold was found ("given", or the p/q rule with its distribution).
    public let thresholdMethod: String
    public let twoSided: Bool
    public let connectivity: Int
    public let minSizeMm3: Double
    public let voxelVolumeMm3: Double
    public let peakSeparationMm: Double
    /// The Monte Carlo cluster-size threshold and how it was found, when `--cluster-alpha` asked for one.
    public let clusterCorrection: ClusterCorrection?
    public let clusters: [Entry]

    /// Finds the clusters of `map` and describes each in every atlas of `library`; `progress(done, total)` per cluster.
    public static func make(map: MapVolume, options: ClusterOptions, library: AtlasLibrary,
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> ClusterReport {
        let found = try ClusterFinder.clusters(in: map, options: options)
        let regions = try ClusterRegions(library: library, atlases: options.atlases)
        var entries: [Entry] = []
        for (n, cluster) in found.enumerated() {
            progress(n, found.count)
            let maxima = cluster.maxima.map { m in
                Maximum(mni: round2(m.mni), tal: options.coordinates == .tal ? round2(Talairach.talairach(fromMNI: m.mni)) : nil,
                        value: m.value, lag: map.lags.map { Int($0[m.index]) }, atlases: try? regions.lookup(m.mni))
            }
            let shares = try regions.shares(of: cluster, in: map)
            entries.append(Entry(id: n + 1, sign: cluster.sign > 0 ? "positive" : "negative", voxels: cluster.voxels.count,
                                 sizeMm3: cluster.sizeMm3.roundedToHundredths, peak: maxima[0],
                                 label: SummaryLabel.text(maxima[0], order: options.atlases ?? SummaryLabel.defaultOrder),
                                 centreOfMass: round2(cluster.centreOfMass), maxima: maxima,
                                 regions: Dictionary(uniqueKeysWithValues: shares.map { ($0.atlas, AtlasShares(regions: $0.shares, unlabelled: $0.unlabelled)) }),
                                 atlasOrder: shares.map(\.atlas)))
        }
        progress(found.count, found.count)
        return ClusterReport(map: map.name, space: map.space == .talairach ? "talairach" : "mni",
                             coordinates: options.coordinates == .tal ? "tal" : "mni",
                             template: map.template.map { "\($0.name) (\($0.source))" }, threshold: options.threshold,
                             thresholdMethod: options.thresholdMethod,
                             twoSided: options.twoSided, connectivity: options.connectivity.rawValue, minSizeMm3: options.minSizeMm3,
                             voxelVolumeMm3: map.voxelVolume.roundedToHundredths, peakSeparationMm: options.peakSeparationMm,
                             clusterCorrection: options.clusterCorrection, clusters: entries)
    }

    /// An MNI point of the table in the coordinates it is shown in.
    public func shown(_ mni: [Double]) -> [Double] {
        coordinates == "tal" ? Self.round2(Talairach.talairach(fromMNI: SIMD3(mni[0], mni[1], mni[2]))) : mni
    }

    static func round2(_ p: SIMD3<Double>) -> [Double] { [p.x, p.y, p.z].map(\.roundedToHundredths) }
}
