import Foundation

extension SMPFile {
    /// The file bytes in this file's version layout (the inverse of `init(data:name:)`); fields the
    /// version lacks are not written.
    public func encoded() throws -> Data {
        func fail(_ field: String, _ message: String) -> FormatError {
            FormatError(file: "SMP output", field: field, message: message)
        }
        guard Self.supportedVersions.contains(version) else { throw fail("FileVersion", "cannot write version \(version)") }
        guard maps.count <= Int(Int16.max) else { throw fail("NrOfMaps", "\(maps.count) maps do not fit in i16") }
        for (m, map) in maps.enumerated() {
            guard map.values.count == Int(vertexCount) else {
                throw fail("map \(m + 1) values", "\(map.values.count) values for \(vertexCount) vertices")
            }
            guard (version >= 3 && map.type.isCrossCorrelation) == (map.lags != nil) else {
                throw fail("map \(m + 1) lags", "lag fields are written exactly for cross-correlation maps (type 3) in version 3 and later")
            }
        }
        var w = ByteWriter(capacity: 64 + maps.count * (128 + 4 * Int(vertexCount)))
        w.i16(version)
        w.i32(vertexCount)
        w.i16(Int16(maps.count))
        w.cString(srfFileName)
        for map in maps {
            w.i32(map.type.code)
            map.lags?.write(&w)
            w.i32(map.clusterSize)
            w.u8(map.enableClusterCheck)
            w.f32(map.thresholdMin)
            w.f32(map.thresholdMax)
            if version >= 4 { w.i32(map.includeValuesAboveMax) }
            w.i32(map.degreesOfFreedom1)
            w.i32(map.degreesOfFreedom2)
            if version >= 5 { w.i32(map.showPositiveNegative) }
            w.i32(map.bonferroniValue)
            if version >= 2 {
                map.positiveMinColor.write(&w)
                map.positiveMaxColor.write(&w)
                if version >= 4 {
                    map.negativeMinColor.write(&w)
                    map.negativeMaxColor.write(&w)
                }
                w.u8(map.useRGBColor)
                if version >= 5 { w.cString(map.lutFileName) }
                w.f32(map.transparency)
            }
            w.cString(map.name)
            w.bytes(map.values.bytes)
        }
        w.bytes(trailingBytes)
        return w.asData
    }
}
