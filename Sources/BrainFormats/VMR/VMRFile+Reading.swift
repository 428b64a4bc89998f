import Foundation

extension VMRFile {
    /// Parses VMR bytes; `name` labels errors. Every count is checked against the bytes left before use.
    public init(data: Data, name: String) throws {
        let size = data.count
        func fail(_ field: String, _ message: String) -> FormatError {
            FormatError(file: name, field: field, message: message)
        }
        guard size >= 6 else { throw fail("header", "file is \(size) bytes, too short for a VMR header") }

        let header: (version: Int, hasWord: Bool, dims: SIMD3<Int>) = data.withUnsafeBytes { raw in
            let a = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt16.self)))
            let b = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 2, as: UInt16.self)))
            let c = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt16.self)))
            // The v1 layout has no version word; only its exact size tells it apart (docs/file-formats.md §3.1).
            if a * b * c + 6 == size && a > 0 && b > 0 && c > 0 { return (1, false, SIMD3(a, b, c)) }
            guard size >= 8 else { return (0, true, .zero) }
            let d = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 6, as: UInt16.self)))
            return (a, true, SIMD3(b, c, d))
        }
        guard size >= 8 || !header.hasWord else {
            throw fail("header", "file is \(size) bytes: neither a 6-byte v1 header with matching data nor an 8-byte header")
        }
        guard (1...4).contains(header.version) else {
            throw fail("FileVersion", "version \(header.version) is not a known VMR version (1–4)")
        }
        let dims = header.dims
        for (axis, value) in zip(["DimX", "DimY", "DimZ"], [dims.x, dims.y, dims.z]) where value == 0 {
            throw fail(axis, "dimension is 0")
        }
        let dataOffset = header.hasWord ? 8 : 6
        let count = dims.x * dims.y * dims.z  // ≤ 2^48: cannot overflow Int
        guard dataOffset + count <= size else {
            throw fail("DimX", "\(dims.x) × \(dims.y) × \(dims.z) voxels exceed the \(size)-byte file")
        }

        version = header.version
        hasVersionWord = header.hasWord
        self.dims = dims
        voxels = FileSource.subdata(data, dataOffset..<(dataOffset + count))
        offset = .zero
        framingCubeDim = 256
        position = VMRPositionInfo()
        transformations = []
        leftRightConvention = 1
        referenceSpace = .unknown
        voxelSize = [1, 1, 1]
        voxelResolutionVerified = 0
        voxelResolutionInTALmm = 0
        v16Range = nil
        trailingBytes = []

        let postHeader = dataOffset + count
        if version == 1 {
            trailingBytes = Array(data[(data.startIndex + postHeader)...])
            return
        }
        try data.withUnsafeBytes { raw in
            var r = ByteReader(raw, file: name, offset: postHeader)
            try readPostHeader(&r)
        }
    }

    private mutating func readPostHeader(_ r: inout ByteReader) throws {
        if version >= 3 {
            offset = SIMD3(Int(try r.i16("OffsetX")), Int(try r.i16("OffsetY")), Int(try r.i16("OffsetZ")))
            framingCubeDim = Int(try r.u16("FramingCubeDim"))
        }
        var p = VMRPositionInfo()
        p.posInfosVerified = try r.i32("PosInfosVerified")
        p.coordinateSystem = try r.i32("CoordinateSystem")
        p.slice1Center = try Self.vector(&r, "Slice1Center")
        p.sliceNCenter = try Self.vector(&r, "SliceNCenter")
        p.rowDirection = try Self.vector(&r, "RowDir")
        p.columnDirection = try Self.vector(&r, "ColDir")
        p.rows = try r.i32("NRows")
        p.columns = try r.i32("NCols")
        p.fovRows = try r.f32("FoVRows")
        p.fovColumns = try r.f32("FoVCols")
        p.sliceThickness = try r.f32("SliceThickness")
        p.gapThickness = try r.f32("GapThickness")
        position = p

        let nTransforms = Int(try r.i32("NrOfPastSpatialTransformations"))
        guard nTransforms >= 0 else {
            throw r.error("NrOfPastSpatialTransformations", "negative count \(nTransforms)")
        }
        // A record is at least 10 bytes (two empty strings, two i32), so this bounds the count by the file.
        guard nTransforms * 10 <= r.remaining else {
            throw r.error("NrOfPastSpatialTransformations", "\(nTransforms) records cannot fit in the \(r.remaining) bytes left")
        }
        var records: [VMRTransformation] = []
        records.reserveCapacity(nTransforms)
        for i in 0..<nTransforms {
            let field = "transformation \(i + 1)"
            let name = try r.cString("\(field) Name")
            let type = try r.i32("\(field) Type")
            let source = try r.cString("\(field) SourceFile")
            let nValues = Int(try r.i32("\(field) NrOfValues"))
            guard nValues >= 0 else { throw r.error("\(field) NrOfValues", "negative count \(nValues)") }
            try r.require(nValues * 4, for: "\(field) NrOfValues (\(nValues) floats)")
            var values = [Float]()
            values.reserveCapacity(nValues)
            for _ in 0..<nValues { values.append(try r.f32("\(field) values")) }
            records.append(VMRTransformation(name: name, type: type, sourceFile: source, values: values))
        }
        transformations = records

        leftRightConvention = try r.u8("LeftRightConvention")
        if version >= 4 { referenceSpace = ReferenceSpace(vmrCode: try r.u8("ReferenceSpace")) }
        voxelSize = try Self.vector(&r, "VoxelSize")
        for (axis, value) in zip(["VoxelSizeX", "VoxelSizeY", "VoxelSizeZ"], [voxelSize.x, voxelSize.y, voxelSize.z])
        where !(value.isFinite && value >= 0) {
            // 0 means "not stored" (old and third-party v2/v3 writers): kept as read, 1 mm used (`frameVoxelSize`).
            throw r.error(axis, "voxel size \(value) is not a finite number of mm ≥ 0")
        }
        voxelResolutionVerified = try r.u8("VoxelResolutionVerified")
        voxelResolutionInTALmm = try r.u8("VoxelResolutionInTALmm")
        // NeuroElf omits the 16-bit range; accept EOF here (docs/file-formats.md §3.4).
        if r.remaining >= 12 {
            v16Range = V16Range(min: try r.i32("OrigV16MinValue"), mean: try r.i32("OrigV16MeanValue"),
                                max: try r.i32("OrigV16MaxValue"))
        }
        trailingBytes = try r.bytes(r.remaining, field: "trailer")
    }

    private static func vector(_ r: inout ByteReader, _ field: String) throws -> SIMD3<Float> {
        SIMD3(try r.f32("\(field)X"), try r.f32("\(field)Y"), try r.f32("\(field)Z"))
    }
}
