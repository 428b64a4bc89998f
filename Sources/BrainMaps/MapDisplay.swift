/// How a map asks to be shown: its thresholds, signs, smallest cluster and statistic, from the
/// file where it stores them (VMP) or from the documented defaults (NIfTI, docs/MAPS.md).
public struct MapDisplay: Sendable, Equatable {
    /// Values of at least this magnitude are coloured.
    public var threshold: Float
    /// Where the colour scale ends (values beyond it take the last colour).
    public var upper: Float
    /// Which signs are shown.
    public var signs: Signs
    /// Clusters smaller than this (mm³) are not drawn; 0: all.
    public var clusterMinMm3: Double
    /// The statistic's short name (`t`, `F`, `z`, …), nil when the file does not say.
    public var statistic: String?

    /// Positive values, negative values or both.
    public enum Signs: String, Sendable, Equatable {
        case positive, negative, both
    }

    public init(threshold: Float, upper: Float, signs: Signs = .positive, clusterMinMm3: Double = 0, statistic: String? = nil) {
        self.threshold = threshold
        self.upper = upper
        self.signs = signs
        self.clusterMinMm3 = clusterMinMm3
        self.statistic = statistic
    }

    /// A file without display settings (NIfTI): the colour scale runs from a third of the largest
    /// magnitude (so smooth maps do not cover the whole brain) to the largest magnitude; positive
    /// values only, as `clusters` counts them unless asked for both signs.
    public static func defaults(values: [Float], statistic: String?) -> MapDisplay {
        var largest: Float = 0
        for v in values where v.isFinite { largest = max(largest, abs(v)) }
        let upper = largest > 0 ? largest : 1
        return MapDisplay(threshold: upper * Self.defaultThresholdFraction, upper: upper, statistic: statistic)
    }

    /// The default lower threshold of a NIfTI map, as a share of its largest magnitude.
    public static let defaultThresholdFraction: Float = 1.0 / 3
}
