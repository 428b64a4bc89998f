import Foundation

extension SMPFile {
    /// The smallest map header (version 1: type, cluster fields, thresholds, dfs, Bonferroni, empty name).
    static let minimumMapHeaderBytes = 30

    /// Parses SMP bytes; `name` labels errors. Every count is checked against the bytes left before use.
    public init(data: Data, name: String) throws {
        var parsed: SMPFile?
        var valueRanges: [Range<Int>] = []
        try data.withUnsafeBytes { raw in
            var r = ByteReader(raw, file: name)
            let version = try r.i16("FileVersion")
            guard Self.supportedVersions.contains(version) else {
                throw r.error("FileVersion", "version \(version) is not a known SMP version (1–5)")
            }
            let vertices = try r.i32("NrOfVertices")
            guard vertices >= 0 else { throw r.error("NrOfVertices", "negative count \(vertices)") }
            let nMaps = Int(try r.i16("NrOfMaps"))
            guard nMaps >= 0 else { throw r.error("NrOfMaps", "negative count \(nMaps)") }
            var file = SMPFile(version: version, vertexCount: vertices, srfFileName: try r.cString("NameOfOriginalSRF"), maps: [])
            let perMap = Self.minimumMapHeaderBytes + 4 * Int(vertices)
            guard nMaps <= r.remaining / perMap else {
                throw r.error("NrOfMaps", "\(nMaps) maps of \(vertices) vertices cannot fit in the \(r.remaining) bytes left")
            }
            for m in 0..<nMaps {
                var map = try file.readMapHeader(&r, "map \(m + 1)")
                try r.require(4 * Int(vertices), for: "map \(m + 1) values (\(vertices) floats)")
                valueRanges.append(r.offset..<(r.offset + 4 * Int(vertices)))
                try r.skip(4 * Int(vertices), field: "map \(m + 1) values")
                map.values = MapValues([])
                file.maps.append(map)
            }
            file.trailingBytes = try r.bytes(r.remaining, field: "trailer")
            parsed = file
        }
        self = parsed!
        for (m, range) in valueRanges.enumerated() { maps[m].values = MapValues(bytes: FileSource.subdata(data, range)) }
    }

    private func readMapHeader(_ r: inout ByteReader, _ field: String) throws -> SMPMap {
        let type = MapType(code: try r.i32("\(field) Type"))
        let lags = version >= 3 && type.isCrossCorrelation ? try CrossCorrelationLags.read(&r, field) : nil
        let clusterSize = try r.i32("\(field) ClusterSize")
        let clusterCheck = try r.u8("\(field) EnableClusterCheck")
        var map = SMPMap(type: type, name: "", thresholdMin: try r.f32("\(field) ThreshMin"),
                         thresholdMax: try r.f32("\(field) ThreshMax"), values: MapValues([]))
        map.lags = lags
        map.clusterSize = clusterSize
        map.enableClusterCheck = clusterCheck
        if version >= 4 { map.includeValuesAboveMax = try r.i32("\(field) IncludeValuesGreaterThreshMax") }
        map.degreesOfFreedom1 = try r.i32("\(field) DF1")
        map.degreesOfFreedom2 = try r.i32("\(field) DF2")
        if version >= 5 { map.showPositiveNegative = try r.i32("\(field) ShowPosNeg") }
        map.bonferroniValue = try r.i32("\(field) BonferroniValue")
        if version >= 2 {
            map.positiveMinColor = try MapRGB.read(&r, "\(field) RGBPosMin")
            map.positiveMaxColor = try MapRGB.read(&r, "\(field) RGBPosMax")
            if version >= 4 {
                map.negativeMinColor = try MapRGB.read(&r, "\(field) RGBNegMin")
                map.negativeMaxColor = try MapRGB.read(&r, "\(field) RGBNegMax")
            }
            map.useRGBColor = try r.u8("\(field) UseRGB")
            if version >= 5 { map.lutFileName = try r.cString("\(field) LUTName") }
            map.transparency = try r.f32("\(field) Transparency")
        }
        map.name = try r.cString("\(field) Name")
        return map
    }
}
