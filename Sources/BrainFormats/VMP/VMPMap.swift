/// One map's header in an NR-VMP file (docs/file-formats.md §12.2); its values live in `VMPFile.values`.
public struct VMPMap: Hashable, Sendable {
    public var type: MapType
    /// Values whose magnitude is at least this are shown.
    public var threshold: Float
    /// Where the colour scale ends.
    public var upperThreshold: Float
    public var name: RawString
    public var positiveMinColor: MapRGB
    public var positiveMaxColor: MapRGB
    public var negativeMinColor: MapRGB
    public var negativeMaxColor: MapRGB
    public var useVMPColor: UInt8
    public var lutFileName: RawString
    public var transparentColorFactor: Float
    /// Present only for cross-correlation maps (type 3).
    public var lags: CrossCorrelationLags?
    /// Cluster size threshold in voxels of the map's resolution.
    public var clusterSizeThreshold: Int32
    public var enableClusterSizeThreshold: UInt8
    public var showValuesAboveUpperThreshold: Int32
    public var degreesOfFreedom1: Int32
    public var degreesOfFreedom2: Int32
    /// 1 positive, 2 negative, 3 both.
    public var showPositiveNegative: UInt8
    public var usedVoxels: Int32
    /// Rows of (q, critical value standard, critical value conservative).
    public var fdrTable: [SIMD3<Float>]
    public var useFDRTableIndex: Int32

    /// A map with BrainVoyager's usual display defaults.
    public init(type: MapType = MapType(code: 1), name: RawString, threshold: Float, upperThreshold: Float) {
        self.type = type
        self.threshold = threshold
        self.upperThreshold = upperThreshold
        self.name = name
        positiveMinColor = .defaultPositiveMin
        positiveMaxColor = .defaultPositiveMax
        negativeMinColor = .defaultNegativeMin
        negativeMaxColor = .defaultNegativeMax
        useVMPColor = 0
        lutFileName = "<default>"
        transparentColorFactor = 1
        lags = type.isCrossCorrelation ? CrossCorrelationLags() : nil
        clusterSizeThreshold = 1
        enableClusterSizeThreshold = 0
        showValuesAboveUpperThreshold = 1
        degreesOfFreedom1 = 0
        degreesOfFreedom2 = 0
        showPositiveNegative = 3
        usedVoxels = 0
        fdrTable = []
        useFDRTableIndex = 0
    }
}
