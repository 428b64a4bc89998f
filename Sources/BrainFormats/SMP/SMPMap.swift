/// One map of an SMP file: its header (fields a version lacks keep the defaults here) and one value per vertex.
public struct SMPMap: Hashable, Sendable {
    public var type: MapType
    /// Read and written for cross-correlation maps (type 3) in version 3 and later.
    public var lags: CrossCorrelationLags?
    public var clusterSize: Int32
    public var enableClusterCheck: UInt8
    public var thresholdMin: Float
    public var thresholdMax: Float
    /// Version 4 and later.
    public var includeValuesAboveMax: Int32
    public var degreesOfFreedom1: Int32
    public var degreesOfFreedom2: Int32
    /// Version 5 and later (earlier files mean 3, both signs).
    public var showPositiveNegative: Int32
    public var bonferroniValue: Int32
    /// Version 2 and later.
    public var positiveMinColor: MapRGB
    public var positiveMaxColor: MapRGB
    /// Version 4 and later.
    public var negativeMinColor: MapRGB
    public var negativeMaxColor: MapRGB
    public var useRGBColor: UInt8
    /// Version 5 and later.
    public var lutFileName: RawString
    public var transparency: Float
    public var name: RawString
    public var values: MapValues

    /// A map with BrainVoyager's usual display defaults.
    public init(type: MapType = MapType(code: 1), name: RawString, thresholdMin: Float, thresholdMax: Float, values: MapValues) {
        self.type = type
        lags = nil
        clusterSize = 1
        enableClusterCheck = 0
        self.thresholdMin = thresholdMin
        self.thresholdMax = thresholdMax
        includeValuesAboveMax = 1
        degreesOfFreedom1 = 0
        degreesOfFreedom2 = 0
        showPositiveNegative = 3
        bonferroniValue = 0
        positiveMinColor = .defaultPositiveMin
        positiveMaxColor = .defaultPositiveMax
        negativeMinColor = .defaultNegativeMin
        negativeMaxColor = .defaultNegativeMax
        useRGBColor = 0
        lutFileName = "<default>"
        transparency = 1
        self.name = name
        self.values = values
    }
}
