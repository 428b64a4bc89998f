import Foundation

/// A FreeSurfer MGH volume (`.mgh`, gzip-compressed `.mgz`) read as per-vertex values: surface overlays are stored
/// as a width × height × depth grid whose voxels are the mesh's vertices, one frame per map. Big-endian: version 1,
/// width, height, depth, frames, data type, degrees of freedom, then the geometry; the values start at byte 284.
public struct FreeSurferMGH: Sendable {
    /// Values of each frame, vertex (voxel) order.
    public let frames: [[Float]]

    public static let dataOffset = 284

    /// Data types: 0 uchar, 1 int, 3 float, 4 short (FreeSurfer's MRI_UCHAR, MRI_INT, MRI_FLOAT, MRI_SHORT).
    static let bytesPerValue: [Int32: Int] = [0: 1, 1: 4, 3: 4, 4: 2]

    public init(contentsOf url: URL) throws {
        try self.init(bytes: [UInt8](try FileSource.read(url, sizeLimit: Self.sizeLimit)), name: url.lastPathComponent)
    }

    public init(bytes: [UInt8], name: String) throws {
        var c = ImportByteCursor(bytes, file: name, bigEndian: true)
        let version = try c.i32("version")
        guard version == 1 else { throw c.fail("version", "is \(version); MGH files have version 1") }
        let dims = try (0..<4).map { try Int(c.i32(["width", "height", "depth", "frames"][$0])) }
        let type = try c.i32("type")
        guard let size = Self.bytesPerValue[type] else {
            throw c.fail("type", "is \(type); per-vertex values are uchar (0), int (1), float (3) or short (4)")
        }
        guard dims.allSatisfy({ $0 > 0 }) else { throw c.fail("width", "the grid \(dims.map(String.init).joined(separator: " × ")) has an empty side") }
        let (perFrame, o1) = dims[0].multipliedReportingOverflow(by: dims[1] * dims[2])
        let (count, o2) = perFrame.multipliedReportingOverflow(by: dims[3])
        guard !o1, !o2, count <= (bytes.count - Self.dataOffset) / size else {
            throw c.fail("width", "\(dims.map(String.init).joined(separator: " × ")) values of \(size) bytes need more than the file's \(bytes.count) bytes")
        }
        c.offset = Self.dataOffset
        var frames: [[Float]] = []
        for f in 0..<dims[3] {
            var values = [Float]()
            values.reserveCapacity(perFrame)
            for v in 0..<perFrame {
                let field = "frame \(f + 1) value \(v)"
                switch type {
                case 0: values.append(Float(try c.take(1, field).first!))
                case 1: values.append(Float(try c.i32(field)))
                case 4: values.append(Float(try c.i16(field)))
                default: values.append(try c.f32(field))
                }
            }
            frames.append(values)
        }
        self.frames = frames
    }

    /// The header's grid and type bound how far an `.mgz` may inflate.
    public static let sizeLimit: SizeLimit = { head, file in
        var c = ImportByteCursor([UInt8](head), file: file, bigEndian: true)
        guard try c.i32("version") == 1 else { throw c.fail("version", "not an MGH file (version is not 1)") }
        var total = 1
        for field in ["width", "height", "depth", "frames"] {
            let (t, overflow) = total.multipliedReportingOverflow(by: max(0, Int(try c.i32(field))))
            guard !overflow else { throw c.fail(field, "the grid overflows") }
            total = t
        }
        return dataOffset + 4 * total + FreeSurferSizeLimits.maxTailBytes
    }
}
