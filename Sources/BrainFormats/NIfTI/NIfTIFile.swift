import Foundation

/// A NIfTI-1 image (`.nii` or `.nii.gz`): header fields, the voxel→RAS affine and the raw voxel bytes.
public struct NIfTIFile: Sendable {
    /// Which header block the affine came from.
    public enum AffineSource: String, Sendable { case sform, qform, pixdim }

    /// Sizes along each used dimension (`dim[1] … dim[dim[0]]`), at least three entries.
    public let dims: [Int]
    /// Voxel size in mm (`pixdim[1…3]`).
    public let voxelSize: [Double]
    public let datatype: NIfTIDataType
    /// Effective linear scaling (1 and 0 when `scl_slope` is 0 or not finite, as the standard says).
    public let sclSlope: Double
    public let sclInter: Double
    public let qformCode: Int
    public let sformCode: Int
    /// Row-major 4×4 mapping of voxel index (i, j, k, 1) to RAS millimetres.
    public let affine: [[Double]]
    public let affineSource: AffineSource
    /// Voxel data exactly as stored (file byte order), `voxelCount × datatype.bytesPerVoxel` bytes.
    public let rawBytes: [UInt8]
    public let isBigEndian: Bool
    /// Name the image was read under (used in error messages of later steps).
    public let fileName: String
    /// Header and extension bytes as stored (everything before `vox_offset`), for exact rewrites.
    public let headerBytes: [UInt8]
    /// The header's fields as read.
    public let header: NIfTIHeader

    /// Number of voxels in one 3-D volume (`nx·ny·nz`).
    public var volumeVoxelCount: Int { dims[0] * dims[1] * dims[2] }

    /// The template space the affine's code names: 3 Talairach; 2, 4 and 5 aligned to a template (SPM writes 2
    /// for normalised images, FSL 4) read as MNI; nil for scanner (1) and unknown (0) space.
    public var stereotaxicSpace: ReferenceSpace? {
        Self.stereotaxicSpace(code: affineSource == .sform ? sformCode : affineSource == .qform ? qformCode : 0)
    }

    public static func stereotaxicSpace(code: Int) -> ReferenceSpace? {
        switch code {
        case 3: return .talairach
        case 2, 4, 5: return .mni
        default: return nil
        }
    }
    /// Number of voxels stored (all volumes).
    public var voxelCount: Int { rawBytes.count / datatype.bytesPerVoxel }

    /// Reads `url` (`.nii` or `.nii.gz`; gzip is recognised by its magic bytes, not the name).
    public init(contentsOf url: URL) throws {
        let name = url.lastPathComponent
        // A compressed file inflates no further than its header justifies, and the header is checked
        // against the bytes actually present, so no header field sizes an allocation.
        try self.init(bytes: [UInt8](try FileSource.read(url, sizeLimit: NIfTIFile.maxFileSize)), name: name)
    }

    /// Parses an uncompressed single-file NIfTI-1 image held in memory; `name` is used in errors.
    public init(bytes: [UInt8], name: String) throws {
        let header = try NIfTIHeader(bytes, file: name)
        try self.init(header: header, bytes: bytes, file: name)
    }

    private init(header: NIfTIHeader, bytes: [UInt8], file: String) throws {
        let end = header.dataOffset + header.dataByteCount
        guard bytes.count >= end else {
            throw FormatError(file: file, field: "dim",
                              message: "\(header.dims.map(String.init).joined(separator: " × ")) voxels of \(header.datatype.name) need \(end) bytes, file has \(bytes.count)")
        }
        self.header = header
        dims = header.dims
        voxelSize = header.voxelSize
        datatype = header.datatype
        sclSlope = header.sclSlope
        sclInter = header.sclInter
        qformCode = header.qformCode
        sformCode = header.sformCode
        affine = header.affine
        affineSource = header.affineSource
        isBigEndian = header.bigEndian
        rawBytes = Array(bytes[header.dataOffset ..< end])
        headerBytes = Array(bytes[0 ..< header.dataOffset])
        fileName = file
    }

    /// The single-file `.nii` bytes (header as stored, then the voxel data): an exact round trip.
    public func encoded() -> [UInt8] { headerBytes + rawBytes }

    /// Linear index of voxel (i, j, k) in the first volume (i fastest).
    @inline(__always)
    public func index(_ i: Int, _ j: Int, _ k: Int) -> Int { i + dims[0] * (j + dims[1] * k) }

    /// RAS millimetre position of voxel (i, j, k).
    public func rasPosition(_ i: Double, _ j: Double, _ k: Double) -> (x: Double, y: Double, z: Double) {
        let a = affine
        return (a[0][0] * i + a[0][1] * j + a[0][2] * k + a[0][3],
                a[1][0] * i + a[1][1] * j + a[1][2] * k + a[1][3],
                a[2][0] * i + a[2][1] * j + a[2][2] * k + a[2][3])
    }
}
