import Foundation

/// A BrainVoyager V16 volume: the 16-bit companion of a VMR (`u16 DimX, DimY, DimZ`, then u16 voxels).
public struct V16File: Sendable {
    public var dims: SIMD3<Int>
    /// DimX·DimY·DimZ little-endian u16 values, X fastest (shares the file's mapping when large).
    public var voxels: Data

    public var voxelCount: Int { dims.x * dims.y * dims.z }

    public init(dims: SIMD3<Int>, voxels: Data) throws {
        guard dims.x > 0, dims.y > 0, dims.z > 0, dims.x <= 65535, dims.y <= 65535, dims.z <= 65535 else {
            throw FormatError(file: "new V16", field: "dims", message: "\(dims) is not 1…65535 per axis")
        }
        guard voxels.count == 2 * dims.x * dims.y * dims.z else {
            throw FormatError(file: "new V16", field: "voxels", message: "\(voxels.count) bytes for \(dims.x)×\(dims.y)×\(dims.z) u16 voxels")
        }
        self.dims = dims
        self.voxels = voxels
    }

    public init(data: Data, name: String) throws {
        guard data.count >= 6 else {
            throw FormatError(file: name, field: "header", message: "file is \(data.count) bytes, too short for a V16 header")
        }
        let d = data.withUnsafeBytes { raw in
            SIMD3((0..<3).map { Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self))) })
        }
        for (axis, v) in zip(["DimX", "DimY", "DimZ"], [d.x, d.y, d.z]) where v == 0 {
            throw FormatError(file: name, field: axis, message: "dimension is 0")
        }
        let bytes = 2 * d.x * d.y * d.z
        guard bytes + 6 == data.count else {
            throw FormatError(file: name, field: "DimX", message: "\(d.x) × \(d.y) × \(d.z) u16 voxels need \(bytes + 6) bytes but the file has \(data.count)")
        }
        dims = d
        voxels = FileSource.subdata(data, 6..<(6 + bytes))
    }

    public static func read(from url: URL) throws -> V16File {
        try V16File(data: FileSource.read(url, sizeLimit: VMRHeader.v16FileSize), name: url.lastPathComponent)
    }

    public func write(to url: URL) throws { try AtomicFile.write(encoded(), to: url) }

    public func encoded() throws -> Data {
        guard voxels.count == 2 * voxelCount else {
            throw FormatError(file: "V16 output", field: "voxels", message: "\(voxels.count) bytes for \(voxelCount) u16 voxels")
        }
        var w = ByteWriter(capacity: 6)
        w.u16(UInt16(dims.x))
        w.u16(UInt16(dims.y))
        w.u16(UInt16(dims.z))
        var out = w.asData
        out.append(voxels)
        return out
    }

    /// Value of voxel (x, y, z); nil outside the volume.
    public func voxel(_ x: Int, _ y: Int, _ z: Int) -> UInt16? {
        guard x >= 0, y >= 0, z >= 0, x < dims.x, y < dims.y, z < dims.z else { return nil }
        let at = 2 * (x + dims.x * (y + dims.y * z))
        return voxels.withUnsafeBytes { UInt16(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt16.self)) }
    }
}
