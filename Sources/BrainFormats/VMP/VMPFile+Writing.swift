import Foundation

extension VMPFile {
    /// The file bytes (the inverse of `init(data:name:)`).
    public func encoded() throws -> Data {
        func fail(_ field: String, _ message: String) -> FormatError {
            FormatError(file: "VMP output", field: field, message: message)
        }
        guard version == Self.supportedVersion else { throw fail("VersionNumber", "cannot write version \(version)") }
        guard resolution > 0, all(start .<= end) else { throw fail("Resolution", "box \(start)…\(end) at resolution \(resolution) is not valid") }
        guard values.count == voxelsPerMap * maps.count else {
            throw fail("values", "\(values.count) values for \(maps.count) maps of \(voxelsPerMap) voxels")
        }
        guard timeCourses.count == (timePointCount > 0 ? maps.count : 0), timeCourses.allSatisfy({ $0.count == Int(timePointCount) }) else {
            throw fail("NrOfTimePoints", "time courses do not hold \(timePointCount) values for each of the \(maps.count) maps")
        }
        for (p, parameter) in componentParameters.enumerated() where parameter.values.count != maps.count {
            throw fail("component parameter \(p + 1)", "\(parameter.values.count) values for \(maps.count) maps")
        }
        for (m, map) in maps.enumerated() where map.type.isCrossCorrelation != (map.lags != nil) {
            throw fail("map \(m + 1) lags", "lag fields are written exactly for cross-correlation maps (type 3)")
        }
        var w = ByteWriter(capacity: 1024 + maps.count * 256)
        w.i32(Self.magic)
        w.i16(version)
        w.i16(documentType)
        w.i32(Int32(maps.count))
        w.i32(timePointCount)
        w.i32(Int32(componentParameters.count))
        w.i32(showParamsRange.x); w.i32(showParamsRange.y)
        w.i32(fingerprintParamsRange.x); w.i32(fingerprintParamsRange.y)
        for axis in 0..<3 {
            w.i32(start[axis])
            w.i32(end[axis])
        }
        w.i32(resolution)
        w.i32(vmrDims.x); w.i32(vmrDims.y); w.i32(vmrDims.z)
        w.cString(vtcFileName)
        w.cString(protocolFileName)
        w.cString(voiFileName)
        for map in maps { Self.write(map, to: &w) }
        for course in timeCourses { w.f32s(count: course.count) { course[$0] } }
        for parameter in componentParameters { w.cString(parameter.name) }
        for m in maps.indices {
            for parameter in componentParameters { w.f32(parameter.values[m]) }
        }
        var out = w.asData
        out.append(values.bytes)
        out.append(contentsOf: trailingBytes)
        return out
    }

    private static func write(_ map: VMPMap, to w: inout ByteWriter) {
        w.i32(map.type.code)
        w.f32(map.threshold)
        w.f32(map.upperThreshold)
        w.cString(map.name)
        for color in [map.positiveMinColor, map.positiveMaxColor, map.negativeMinColor, map.negativeMaxColor] {
            color.write(&w)
        }
        w.u8(map.useVMPColor)
        w.cString(map.lutFileName)
        w.f32(map.transparentColorFactor)
        map.lags?.write(&w)
        w.i32(map.clusterSizeThreshold)
        w.u8(map.enableClusterSizeThreshold)
        w.i32(map.showValuesAboveUpperThreshold)
        w.i32(map.degreesOfFreedom1)
        w.i32(map.degreesOfFreedom2)
        w.u8(map.showPositiveNegative)
        w.i32(map.usedVoxels)
        w.i32(Int32(map.fdrTable.count))
        for row in map.fdrTable {
            w.f32(row.x); w.f32(row.y); w.f32(row.z)
        }
        w.i32(map.useFDRTableIndex)
    }
}
