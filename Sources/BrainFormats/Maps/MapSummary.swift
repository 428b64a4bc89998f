/// The map header fields `inspect` shows, the same for VMP and SMP maps.
struct MapSummary {
    var name: RawString
    var type: MapType
    var threshold: Float
    var upperThreshold: Float
    var degreesOfFreedom: (Int32, Int32)
    var clusterSize: Int32
    var clusterSizeEnabled: Bool
    var showPositiveNegative: Int
    var statistics: MapStatistics

    /// The `inspect --json` object of one map.
    var json: JSONValue {
        .object([
            ("name", .string(name.string)),
            ("type", .string(type.name)),
            ("typeCode", .int(Int(type.code))),
            ("threshold", .float(threshold)),
            ("upperThreshold", .float(upperThreshold)),
            ("df1", .int(Int(degreesOfFreedom.0))),
            ("df2", .int(Int(degreesOfFreedom.1))),
            ("clusterSize", .int(Int(clusterSize))),
            ("clusterSizeEnabled", .bool(clusterSizeEnabled)),
            ("showPositiveNegative", .int(showPositiveNegative)),
        ] + statistics.json)
    }

    /// The `inspect` line of map `number` (1-based).
    func text(_ number: Int) -> String {
        "map \(number) \"\(name)\": \(type.name), threshold \(threshold)…\(upperThreshold), "
            + "df \(degreesOfFreedom.0), \(degreesOfFreedom.1), cluster size \(clusterSize)"
            + "\(clusterSizeEnabled ? " (on)" : ""); \(statistics.text)"
    }
}

/// The display colours both map formats default to (red–yellow positive, blue–cyan negative).
extension MapRGB {
    static let defaultPositiveMin = MapRGB(255, 0, 0)
    static let defaultPositiveMax = MapRGB(255, 255, 0)
    static let defaultNegativeMin = MapRGB(0, 0, 255)
    static let defaultNegativeMax = MapRGB(0, 255, 255)
}
