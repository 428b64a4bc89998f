import Foundation

extension VMPFile {
    /// Parses NR-VMP bytes; `name` labels errors. Every count is checked against the bytes left before use.
    public init(data: Data, name: String) throws {
        var parsed: VMPFile?
        var dataOffset = 0
        try data.withUnsafeBytes { raw in
            var r = ByteReader(raw, file: name)
            var file = try Self.readHeader(&r)
            try file.readMaps(&r)
            try file.readComponents(&r)
            let count = file.voxelsPerMap * file.maps.count
            let (bytes, overflow) = count.multipliedReportingOverflow(by: 4)
            guard !overflow else { throw r.error("NrOfSubMaps", "\(file.maps.count) maps of \(file.voxelsPerMap) voxels overflow") }
            try r.require(bytes, for: "map values (\(file.maps.count) × \(file.dims.x)×\(file.dims.y)×\(file.dims.z) floats)")
            dataOffset = r.offset
            try r.skip(bytes, field: "map values")
            file.trailingBytes = try r.bytes(r.remaining, field: "trailer")
            parsed = file
        }
        self = parsed!
        values = MapValues(bytes: FileSource.subdata(data, dataOffset..<(dataOffset + voxelsPerMap * maps.count * 4)))
    }

    /// The fixed header and the three file names: everything before the map headers.
    static func readHeader(_ r: inout ByteReader) throws -> VMPFile {
        let magic = try r.i32("NR-VMP identifier")
        guard magic == Self.magic else {
            throw r.error("NR-VMP identifier", "\(magic) is not the NR-VMP magic number \(Self.magic) (older VMP versions have none and are not read)")
        }
        let version = try r.i16("VersionNumber")
        guard version == Self.supportedVersion else {
            throw r.error("VersionNumber", "version \(version) is not read (only NR-VMP version \(Self.supportedVersion))")
        }
        let documentType = try r.i16("DocumentType")
        let nMaps = Int(try r.i32("NrOfSubMaps"))
        let nTimePoints = Int(try r.i32("NrOfTimePoints"))
        let nParams = Int(try r.i32("NrOfComponentParams"))
        for (field, n) in [("NrOfSubMaps", nMaps), ("NrOfTimePoints", nTimePoints), ("NrOfComponentParams", nParams)] where n < 0 {
            throw r.error(field, "negative count \(n)")
        }
        let show = SIMD2(try r.i32("ShowParamsRangeFrom"), try r.i32("ShowParamsRangeTo"))
        let fingerprint = SIMD2(try r.i32("UseForFingerprintParamsRangeFrom"), try r.i32("UseForFingerprintParamsRangeTo"))
        var box = [Int32]()
        for field in ["XStart", "XEnd", "YStart", "YEnd", "ZStart", "ZEnd"] { box.append(try r.i32(field)) }
        let resolution = try r.i32("Resolution")
        guard (1...16).contains(resolution) else { throw r.error("Resolution", "\(resolution) is not 1…16 voxels") }
        for (axis, i) in zip(["X", "Y", "Z"], [0, 2, 4]) where !(box[i] >= 0 && box[i] <= box[i + 1] && box[i + 1] <= 65_536) {
            throw r.error("\(axis)Start", "box \(box[i])…\(box[i + 1]) is not an ascending range in 0…65536")
        }
        let vmrDims = SIMD3(try r.i32("DimX"), try r.i32("DimY"), try r.i32("DimZ"))
        var file = VMPFile(maps: [], start: SIMD3(box[0], box[2], box[4]), end: SIMD3(box[1], box[3], box[5]),
                           resolution: resolution, vmrDims: vmrDims, values: MapValues([]))
        file.version = version
        file.documentType = documentType
        file.showParamsRange = show
        file.fingerprintParamsRange = fingerprint
        file.vtcFileName = try r.cString("NameOfVTCFile")
        file.protocolFileName = try r.cString("NameOfProtocolFile")
        file.voiFileName = try r.cString("NameOfVOIFile")
        // A map header is at least 74 bytes and its values 4 per voxel, so this bounds the count by the file.
        let perMap = 74 + 4 * file.voxelsPerMap + 4 * nTimePoints
        guard nMaps <= r.remaining / max(perMap, 1) else {
            throw r.error("NrOfSubMaps", "\(nMaps) maps of \(file.voxelsPerMap) voxels cannot fit in the \(r.remaining) bytes left")
        }
        guard nParams <= r.remaining / max(1, 1 + 4 * nMaps) else {
            throw r.error("NrOfComponentParams", "\(nParams) parameters cannot fit in the \(r.remaining) bytes left")
        }
        file.maps.reserveCapacity(nMaps)
        file.timeCourses = Array(repeating: [], count: nTimePoints > 0 ? nMaps : 0)
        file.componentParameters = Array(repeating: VMPComponentParameter(name: "", values: []), count: nParams)
        // The counts travel in the arrays' sizes; `readMaps` and `readComponents` fill them.
        file.maps = Array(repeating: VMPMap(name: "", threshold: 0, upperThreshold: 0), count: nMaps)
        file.timePointCount = Int32(nTimePoints)
        return file
    }

    private mutating func readMaps(_ r: inout ByteReader) throws {
        for m in maps.indices { maps[m] = try Self.readMap(&r, "map \(m + 1)") }
    }

    private static func readMap(_ r: inout ByteReader, _ field: String) throws -> VMPMap {
        let type = MapType(code: try r.i32("\(field) TypeOfMap"))
        var map = VMPMap(type: type, name: "", threshold: try r.f32("\(field) MapThreshold"),
                         upperThreshold: try r.f32("\(field) UpperThreshold"))
        map.name = try r.cString("\(field) MapName")
        map.positiveMinColor = try MapRGB.read(&r, "\(field) RGB positive min")
        map.positiveMaxColor = try MapRGB.read(&r, "\(field) RGB positive max")
        map.negativeMinColor = try MapRGB.read(&r, "\(field) RGB negative min")
        map.negativeMaxColor = try MapRGB.read(&r, "\(field) RGB negative max")
        map.useVMPColor = try r.u8("\(field) UseVMPColor")
        map.lutFileName = try r.cString("\(field) LUTFileName")
        map.transparentColorFactor = try r.f32("\(field) TransparentColorFactor")
        map.lags = type.isCrossCorrelation ? try CrossCorrelationLags.read(&r, field) : nil
        map.clusterSizeThreshold = try r.i32("\(field) ClusterSizeThreshold")
        map.enableClusterSizeThreshold = try r.u8("\(field) EnableClusterSizeThreshold")
        map.showValuesAboveUpperThreshold = try r.i32("\(field) ShowValuesAboveUpperThreshold")
        map.degreesOfFreedom1 = try r.i32("\(field) DF1")
        map.degreesOfFreedom2 = try r.i32("\(field) DF2")
        map.showPositiveNegative = try r.u8("\(field) ShowPosNegValues")
        map.usedVoxels = try r.i32("\(field) NrOfUsedVoxels")
        let rows = Int(try r.i32("\(field) SizeOfFDRTable"))
        guard rows >= 0 else { throw r.error("\(field) SizeOfFDRTable", "negative count \(rows)") }
        try r.require(rows * 12, for: "\(field) FDR table (\(rows) rows)")
        map.fdrTable.reserveCapacity(rows)
        for _ in 0..<rows {
            map.fdrTable.append(SIMD3(try r.f32("\(field) FDR q"), try r.f32("\(field) FDR critical"), try r.f32("\(field) FDR conservative")))
        }
        map.useFDRTableIndex = try r.i32("\(field) UseFDRTableIndex")
        return map
    }

    /// Time courses (per map) and component parameters (all names, then the values map after map).
    private mutating func readComponents(_ r: inout ByteReader) throws {
        let points = Int(timePointCount)
        if points > 0 {
            for m in maps.indices {
                try r.require(points * 4, for: "map \(m + 1) time course (\(points) floats)")
                timeCourses[m] = try (0..<points).map { _ in try r.f32("map \(m + 1) time course") }
            }
        }
        for p in componentParameters.indices {
            componentParameters[p].name = try r.cString("component parameter \(p + 1) name")
        }
        try r.require(componentParameters.count * maps.count * 4, for: "component parameter values")
        for _ in maps.indices {
            for p in componentParameters.indices { componentParameters[p].values.append(try r.f32("component parameter values")) }
        }
    }
}
