import Foundation

/// The 348-byte NIfTI-1 header, validated against the bytes that follow it; read alone (`read(_:)`), it lets a
/// command check an image's size and space before a single voxel is inflated.
public struct NIfTIHeader: Sendable {
    static let size = 348

    public let bigEndian: Bool
    public let dims: [Int]
    public let voxelSize: [Double]
    public let datatype: NIfTIDataType
    public let dataOffset: Int
    public let dataByteCount: Int
    public let sclSlope: Double
    public let sclInter: Double
    public let qformCode: Int
    public let sformCode: Int
    public let affine: [[Double]]
    public let affineSource: NIfTIFile.AffineSource

    /// The header of the NIfTI-1 file at `url` (gzip or not), inflating only its first bytes.
    public static func read(_ url: URL) throws -> NIfTIHeader {
        try NIfTIHeader([UInt8](FileSource.readHeader(url).head), file: url.lastPathComponent)
    }

    /// Number of voxels in one 3-D volume (`nx·ny·nz`).
    public var volumeVoxelCount: Int { dims[0] * dims[1] * dims[2] }

    init(_ bytes: [UInt8], file: String) throws {
        func fail(_ field: String, _ problem: String) -> FormatError {
            FormatError(file: file, field: field, message: problem)
        }
        guard bytes.count >= Self.size else {
            throw fail("header", "\(bytes.count) bytes, a NIfTI-1 header needs 348 (truncated or not NIfTI)")
        }
        var c = ImportByteCursor(bytes, file: file, bigEndian: false)
        let sizeLE = try c.i32("sizeof_hdr")
        if sizeLE == 348 {
            bigEndian = false
        } else if Int32(bitPattern: UInt32(bitPattern: sizeLE).byteSwapped) == 348 {
            bigEndian = true
        } else if sizeLE == 540 || Int32(bitPattern: UInt32(bitPattern: sizeLE).byteSwapped) == 540 {
            throw fail("sizeof_hdr", "540 means NIfTI-2, which is not supported")
        } else {
            throw fail("sizeof_hdr", "\(sizeLE), expected 348 (not a NIfTI-1 file)")
        }
        c.bigEndian = bigEndian
        let magic = Array(bytes[344 ..< 348])
        if magic == Array("ni1\0".utf8) {
            throw fail("magic", "'ni1' is a separate .hdr/.img pair; only single-file .nii is supported")
        }
        guard magic == Array("n+1\0".utf8) else {
            throw fail("magic", "expected 'n+1', found bytes \(magic)")
        }

        c.offset = 40
        var dim = [Int]()
        for n in 0 ..< 8 { dim.append(Int(try c.i16("dim[\(n)]"))) }
        guard (1 ... 7).contains(dim[0]) else { throw fail("dim[0]", "\(dim[0]), must be 1…7") }
        var used = Array(dim[1 ... dim[0]])
        for (n, d) in used.enumerated() where d < 1 {
            throw fail("dim[\(n + 1)]", "\(d), must be ≥ 1")
        }
        while used.count < 3 { used.append(1) }
        dims = used

        c.offset = 70
        let code = try c.i16("datatype")
        guard let type = NIfTIDataType(rawValue: code) else {
            throw fail("datatype", "code \(code) is not supported (u8, i8, i16, u16, i32, u32, f32, f64 are)")
        }
        datatype = type

        var count = 1
        for d in used {
            let (p, overflow) = count.multipliedReportingOverflow(by: d)
            guard !overflow else { throw fail("dim", "voxel count overflows") }
            count = p
        }
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: type.bytesPerVoxel)
        guard !overflow else { throw fail("dim", "data size overflows") }
        dataByteCount = byteCount

        c.offset = 76
        var pixdim = [Double]()
        for n in 0 ..< 8 { pixdim.append(Double(try c.f32("pixdim[\(n)]"))) }
        voxelSize = Array(pixdim[1 ... 3])
        let voxOffset = Double(try c.f32("vox_offset"))
        guard voxOffset.isFinite, voxOffset >= 348, voxOffset < 1e9, voxOffset == voxOffset.rounded() else {
            throw fail("vox_offset", "\(voxOffset) is not a whole byte offset ≥ 348")
        }
        dataOffset = Int(voxOffset)
        let slope = Double(try c.f32("scl_slope")), inter = Double(try c.f32("scl_inter"))
        if slope.isFinite && slope != 0 {
            sclSlope = slope
            sclInter = inter.isFinite ? inter : 0
        } else {
            sclSlope = 1
            sclInter = 0
        }

        c.offset = 252
        qformCode = Int(try c.i16("qform_code"))
        sformCode = Int(try c.i16("sform_code"))
        var q = [Double]()
        for name in ["quatern_b", "quatern_c", "quatern_d", "qoffset_x", "qoffset_y", "qoffset_z"] {
            q.append(Double(try c.f32(name)))
        }
        var srow = [[Double]]()
        for name in ["srow_x", "srow_y", "srow_z"] {
            var row = [Double]()
            for _ in 0 ..< 4 { row.append(Double(try c.f32(name))) }
            srow.append(row)
        }

        if sformCode > 0 {
            guard srow.joined().allSatisfy(\.isFinite) else { throw fail("srow", "not finite") }
            affine = srow + [[0, 0, 0, 1]]
            affineSource = .sform
        } else if qformCode > 0 {
            guard (q + pixdim[0 ... 3]).allSatisfy(\.isFinite) else { throw fail("qform", "not finite") }
            affine = Self.qformAffine(b: q[0], c: q[1], d: q[2], offset: (q[3], q[4], q[5]), pixdim: pixdim)
            affineSource = .qform
        } else {
            affine = [[pixdim[1], 0, 0, 0], [0, pixdim[2], 0, 0], [0, 0, pixdim[3], 0], [0, 0, 0, 1]]
            affineSource = .pixdim
        }
    }

    /// NIfTI-1 "method 2": rotation from the quaternion (b, c, d), scaled by pixdim, qfac on k.
    static func qformAffine(b: Double, c: Double, d: Double, offset: (Double, Double, Double),
                            pixdim: [Double]) -> [[Double]] {
        var (b, c, d) = (b, c, d)
        var a = 1 - (b * b + c * c + d * d)
        if a < 1e-7 {
            // Rounding can push the norm past 1; renormalise as nifti1_io does (a = 0, 180° turn).
            let n = 1 / (b * b + c * c + d * d).squareRoot()
            (b, c, d) = (b * n, c * n, d * n)
            a = 0
        } else {
            a = a.squareRoot()
        }
        let qfac = pixdim[0] < 0 ? -1.0 : 1.0
        let (dx, dy, dz) = (pixdim[1], pixdim[2], pixdim[3] * qfac)
        let (aa, bb, cc, dd) = (a * a, b * b, c * c, d * d)
        let r00: Double = aa + bb - cc - dd, r01: Double = 2 * (b * c - a * d), r02: Double = 2 * (b * d + a * c)
        let r10: Double = 2 * (b * c + a * d), r11: Double = aa + cc - bb - dd, r12: Double = 2 * (c * d - a * b)
        let r20: Double = 2 * (b * d - a * c), r21: Double = 2 * (c * d + a * b), r22: Double = aa + dd - cc - bb
        let r: [[Double]] = [[r00, r01, r02], [r10, r11, r12], [r20, r21, r22]]
        let t = [offset.0, offset.1, offset.2]
        var m: [[Double]] = []
        for row in 0 ..< 3 {
            let x: Double = r[row][0] * dx, y: Double = r[row][1] * dy, z: Double = r[row][2] * dz
            m.append([x, y, z, t[row]])
        }
        m.append([0, 0, 0, 1])
        return m
    }
}

extension NIfTIFile {
    /// Room for bytes after the voxels (some writers pad; nothing reads them).
    static let maxTrailingBytes = 1 << 20

    /// The 348-byte header, checked from the first bytes, justifies the offset and size of its voxels.
    public static let maxFileSize: SizeLimit = { head, file in
        let header = try NIfTIHeader([UInt8](head), file: file)
        return header.dataOffset + header.dataByteCount + maxTrailingBytes
    }
}
