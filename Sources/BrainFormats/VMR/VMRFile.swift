import Foundation

/// A BrainVoyager VMR anatomical volume (8-bit voxels), versions 1–4 (docs/file-formats.md §3).
///
/// `voxels` is the DimX·DimY·DimZ block, X fastest; read from an uncompressed file it shares
/// the file's memory map, so slicing one plane does not copy the volume.
public struct VMRFile: Sendable {
    /// 1…4. Version 1 files come with (`hasVersionWord`) or without the leading version word.
    public var version: Int
    /// False for the 6-byte v1 layout (`DimX, DimY, DimZ` only).
    public var hasVersionWord: Bool
    /// (DimX, DimY, DimZ) in BV axes: X = A→P, Y = S→I, Z = R→L.
    public var dims: SIMD3<Int>
    public var voxels: Data
    /// Start of the stored box in the framing cube (v3+; zero otherwise).
    public var offset: SIMD3<Int>
    /// Edge of the framing cube in voxels (v3+; 256 otherwise).
    public var framingCubeDim: Int
    public var position: VMRPositionInfo
    public var transformations: [VMRTransformation]
    /// 0 unknown, 1 radiological (BV standard), 2 neurological.
    public var leftRightConvention: UInt8
    /// v4 byte; older versions report `.unknown` (infer from transformations or file name, see `inferredReferenceSpace`).
    public var referenceSpace: ReferenceSpace
    /// mm along BV X, Y, Z, as stored (1 mm for v1, which has no post-header). Old and third-party
    /// v2/v3 writers store 0 for "unknown"; that is kept for an exact round trip, and `frameVoxelSize` uses 1 mm.
    public var voxelSize: SIMD3<Float>
    public var voxelResolutionVerified: UInt8
    public var voxelResolutionInTALmm: UInt8
    /// Original 16-bit min/mean/max; nil when the file ends before them.
    public var v16Range: V16Range?
    /// Bytes after the last known field (kept so a round trip is exact).
    public var trailingBytes: [UInt8]

    public var voxelCount: Int { dims.x * dims.y * dims.z }

    /// Byte position of the voxel block in the file (8, or 6 for the versionless v1 layout).
    public var dataOffset: Int { hasVersionWord ? 8 : 6 }

    /// A canonical v4 256³ 1 mm volume in `referenceSpace` (framing cube 256, offsets 0), all voxels `fill`
    /// unless `voxels` (256³ bytes, X fastest) is given.
    public init(canonical referenceSpace: ReferenceSpace, voxels: Data? = nil, fill: UInt8 = 0) throws {
        let n = CanonicalFrame.voxelCount
        if let voxels, voxels.count != n {
            throw FormatError(file: "new VMR", field: "voxels", message: "\(voxels.count) bytes given, a 256³ volume needs \(n)")
        }
        try self.init(dims: SIMD3(repeating: CanonicalFrame.size), voxels: voxels ?? Data(repeating: fill, count: n), referenceSpace: referenceSpace)
    }

    /// A v4 volume of any size with BV's default header.
    public init(dims: SIMD3<Int>, voxels: Data, voxelSize: SIMD3<Float> = [1, 1, 1],
                referenceSpace: ReferenceSpace = .unknown, framingCubeDim: Int = 256) throws {
        guard dims.x > 0, dims.y > 0, dims.z > 0, dims.x <= 65535, dims.y <= 65535, dims.z <= 65535 else {
            throw FormatError(file: "new VMR", field: "dims", message: "\(dims) is not 1…65535 per axis")
        }
        guard voxels.count == dims.x * dims.y * dims.z else {
            throw FormatError(file: "new VMR", field: "voxels", message: "\(voxels.count) bytes given for \(dims.x)×\(dims.y)×\(dims.z) voxels")
        }
        version = 4
        hasVersionWord = true
        self.dims = dims
        self.voxels = voxels
        offset = .zero
        self.framingCubeDim = framingCubeDim
        position = VMRPositionInfo()
        transformations = []
        leftRightConvention = 1
        self.referenceSpace = referenceSpace
        self.voxelSize = voxelSize
        voxelResolutionVerified = 1
        voxelResolutionInTALmm = referenceSpace.isStereotaxic ? 1 : 0
        v16Range = V16Range(min: 0, mean: 127, max: 255)
        trailingBytes = []
    }

    /// Reads `url` (gzip by magic bytes; uncompressed files are memory-mapped).
    public static func read(from url: URL) throws -> VMRFile {
        try VMRFile(data: FileSource.read(url, sizeLimit: VMRHeader.maxFileSize), name: url.lastPathComponent)
    }

    /// Writes atomically (gzip when the name ends in `.gz`).
    public func write(to url: URL) throws {
        try AtomicFile.write(encoded(), to: url)
    }

    /// Value of voxel (x, y, z); nil outside the volume.
    public func voxel(_ x: Int, _ y: Int, _ z: Int) -> UInt8? {
        guard x >= 0, y >= 0, z >= 0, x < dims.x, y < dims.y, z < dims.z else { return nil }
        return voxels[voxels.startIndex + x + dims.x * (y + dims.y * z)]
    }

    /// The space implied by the header, the transformation history or the file name (v2/v3 have no byte).
    public func inferredReferenceSpace(fileName: String? = nil) -> ReferenceSpace {
        if referenceSpace != .unknown { return referenceSpace }
        if transformations.contains(where: { $0.type == 4 || $0.type == 6 }) { return .talairach }
        if let name = fileName?.uppercased() {
            if name.contains("_MNI") { return .mni }
            if name.contains("_TAL") { return .talairach }
            if name.contains("_ACPC") { return .acpc }
        }
        return .unknown
    }

    /// Sum of all voxel values (inspect's checksum).
    public var voxelSum: UInt64 {
        voxels.withUnsafeBytes { raw in
            var total: UInt64 = 0
            var chunk: UInt32 = 0
            var inChunk = 0
            // Chunked UInt32 accumulation lets the compiler vectorise; 2^24 bytes of 255 fit in 32 bits.
            for b in raw.bindMemory(to: UInt8.self) {
                chunk &+= UInt32(b)
                inChunk += 1
                if inChunk == 1 << 24 {
                    total += UInt64(chunk)
                    chunk = 0
                    inChunk = 0
                }
            }
            return total + UInt64(chunk)
        }
    }

    /// The voxel size coordinates use: the stored size, with 1 mm on any axis that stores 0 (not recorded).
    public var frameVoxelSize: SIMD3<Float> {
        SIMD3(voxelSize.x == 0 ? 1 : voxelSize.x, voxelSize.y == 0 ? 1 : voxelSize.y, voxelSize.z == 0 ? 1 : voxelSize.z)
    }

    /// Things a reader should know but that do not stop the file from being used (`inspect` prints them).
    public var warnings: [String] {
        var out: [String] = []
        let zero = zip(["X", "Y", "Z"], [voxelSize.x, voxelSize.y, voxelSize.z]).filter { $0.1 == 0 }.map(\.0)
        if version >= 2 && !zero.isEmpty {
            out.append("VoxelSize\(zero.joined(separator: "/")): stored as 0 (not recorded by the writer); 1 mm is used for coordinates")
        }
        if version >= 2 && v16Range == nil {
            out.append("OrigV16MinValue, OrigV16MeanValue, OrigV16MaxValue: missing (the file ends before this optional "
                       + "tail); the 16-bit range is unknown and a converted copy will not have it either")
        }
        if version >= 2 && leftRightConvention == 2 {
            out.append("LeftRightConvention: 2 (neurological); its effect on the Z axis is unverified and nothing is flipped")
        }
        return out
    }

    /// Coordinate frame of this volume (voxel ↔ BV mm ↔ RAS mm).
    public var frame: VolumeFrame {
        VolumeFrame(voxelSize: SIMD3<Double>(frameVoxelSize), offset: SIMD3<Double>(offset), framingCubeDim: framingCubeDim)
    }
}
