import Foundation

extension VMRFile {
    /// The file bytes in this file's version layout (the inverse of `init(data:name:)`).
    public func encoded() throws -> Data {
        func fail(_ field: String, _ message: String) -> FormatError {
            FormatError(file: "VMR output", field: field, message: message)
        }
        guard (1...4).contains(version) else { throw fail("FileVersion", "cannot write version \(version)") }
        guard dims.x > 0, dims.y > 0, dims.z > 0, dims.x <= 65535, dims.y <= 65535, dims.z <= 65535 else {
            throw fail("dims", "\(dims) is not 1…65535 per axis")
        }
        guard voxels.count == voxelCount else {
            throw fail("voxels", "\(voxels.count) bytes for \(dims.x)×\(dims.y)×\(dims.z) voxels")
        }
        if version >= 3 {
            for v in [offset.x, offset.y, offset.z] where !(Int(Int16.min)...Int(Int16.max)).contains(v) {
                throw fail("Offset", "\(v) does not fit in i16")
            }
            guard (0...65535).contains(framingCubeDim) else { throw fail("FramingCubeDim", "\(framingCubeDim) does not fit in u16") }
        }
        var w = ByteWriter(capacity: 256 + transformations.reduce(0) { $0 + 16 + $1.name.bytes.count + $1.sourceFile.bytes.count + 4 * $1.values.count })
        if hasVersionWord || version > 1 { w.u16(UInt16(version)) }
        w.u16(UInt16(dims.x))
        w.u16(UInt16(dims.y))
        w.u16(UInt16(dims.z))
        var head = w.asData
        head.append(voxels)

        var t = ByteWriter(capacity: 256)
        if version == 1 {
            t.bytes(trailingBytes)
            head.append(contentsOf: t.data)
            return head
        }
        if version >= 3 {
            t.i16(Int16(offset.x))
            t.i16(Int16(offset.y))
            t.i16(Int16(offset.z))
            t.u16(UInt16(framingCubeDim))
        }
        let p = position
        t.i32(p.posInfosVerified)
        t.i32(p.coordinateSystem)
        for v in [p.slice1Center, p.sliceNCenter, p.rowDirection, p.columnDirection] {
            t.f32(v.x); t.f32(v.y); t.f32(v.z)
        }
        t.i32(p.rows)
        t.i32(p.columns)
        t.f32(p.fovRows)
        t.f32(p.fovColumns)
        t.f32(p.sliceThickness)
        t.f32(p.gapThickness)
        t.i32(Int32(transformations.count))
        for record in transformations {
            t.cString(record.name)
            t.i32(record.type)
            t.cString(record.sourceFile)
            t.i32(Int32(record.values.count))
            for v in record.values { t.f32(v) }
        }
        t.u8(leftRightConvention)
        if version >= 4 { t.u8(referenceSpace.vmrCode) }
        t.f32(voxelSize.x)
        t.f32(voxelSize.y)
        t.f32(voxelSize.z)
        t.u8(voxelResolutionVerified)
        t.u8(voxelResolutionInTALmm)
        if let range = v16Range {
            t.i32(range.min)
            t.i32(range.mean)
            t.i32(range.max)
        }
        t.bytes(trailingBytes)
        head.append(contentsOf: t.data)
        return head
    }
}
