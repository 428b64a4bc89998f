import BrainFormats
import Foundation

/// A cropped label volume in the 256³ BV frame (`.lbl`, docs/CONVENTIONS.md): O(1) label at any
/// BV voxel, memory-mapped from the unpacked cache copy, or held in memory.
public final class LabelVolume: Sendable {
    /// Size of the frame the box lives in (BV voxel indices 0…255 on each axis).
    public static let frameSize = CanonicalFrame.size
    static let headerSize = 36

    /// Box size along BV x, y, z.
    public let dims: (x: Int, y: Int, z: Int)
    /// BV index of the box's first voxel.
    public let origin: (x: Int, y: Int, z: Int)
    /// 1 or 2.
    public let bytesPerLabel: Int
    /// The file it came from (for messages), or a description of an in-memory source.
    public let source: String

    // Owns the mapping or buffer; the labels follow the header. A stored raw pointer would make
    // the class non-Sendable, so the address is derived from the storage on each use.
    private let storage: LabelStorage
    private var labels: UnsafeRawPointer { storage.base + LabelVolume.headerSize }
    var labelBase: UnsafeRawPointer { labels }

    init(header: LabelHeader, storage: LabelStorage, source: String) {
        self.dims = header.dims
        self.origin = header.origin
        self.bytesPerLabel = header.bytesPerLabel
        self.storage = storage
        self.source = source
    }

    /// An in-memory volume covering the whole frame (user VOIs); `labels` are x fastest, 256³.
    public convenience init(frameLabels: [UInt16], source: String) throws {
        let n = LabelVolume.frameSize
        guard frameLabels.count == n * n * n else {
            throw AtlasError.badLabels(source, field: "labels", problem: "expected \(n * n * n) values, got \(frameLabels.count)")
        }
        let header = LabelHeader(dims: (n, n, n), origin: (0, 0, 0), bytesPerLabel: 2)
        var bytes = header.encoded()
        frameLabels.withUnsafeBytes { bytes.append(contentsOf: $0) }
        self.init(header: header, storage: LabelStorage(data: bytes), source: source)
    }

    /// The label (region id, 0 = unlabelled) at BV voxel (x, y, z); 0 outside the box.
    @inline(__always)
    public func label(x: Int, y: Int, z: Int) -> Int {
        let lx = x - origin.x, ly = y - origin.y, lz = z - origin.z
        guard lx >= 0, ly >= 0, lz >= 0, lx < dims.x, ly < dims.y, lz < dims.z else { return 0 }
        let index = lx + dims.x * (ly + dims.y * lz)
        if bytesPerLabel == 1 { return Int(labels.load(fromByteOffset: index, as: UInt8.self)) }
        return Int(labels.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self).littleEndian)
    }

    /// Fills `out` (resized to 256×256) with the labels of the plane at `index` across `axis`, in
    /// BV order of the two remaining axes, the first fastest: x → (y, z), y → (x, z), z → (x, y).
    public func plane(across axis: VoxelAxis, at index: Int, into out: inout [UInt16]) {
        let n = LabelVolume.frameSize
        if out.count != n * n { out = [UInt16](repeating: 0, count: n * n) } else {
            out.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        guard index >= 0, index < n else { return }
        out.withUnsafeMutableBufferPointer { buf in
            for v in 0..<n {
                for u in 0..<n {
                    let value: Int
                    switch axis {
                    case .x: value = label(x: index, y: u, z: v)
                    case .y: value = label(x: u, y: index, z: v)
                    case .z: value = label(x: u, y: v, z: index)
                    }
                    buf[u + n * v] = UInt16(truncatingIfNeeded: value)
                }
            }
        }
    }

    /// The BV voxels carrying `id`, and their count (scans the box once).
    public func voxels(of id: Int) -> [VoxelIndex] {
        var result: [VoxelIndex] = []
        for z in 0..<dims.z {
            for y in 0..<dims.y {
                for x in 0..<dims.x where label(x: x + origin.x, y: y + origin.y, z: z + origin.z) == id {
                    result.append(VoxelIndex(x + origin.x, y + origin.y, z + origin.z))
                }
            }
        }
        return result
    }

    /// Every non-zero label within `radius` mm of a voxel (the voxel included), ascending.
    public func labels(near x: Int, _ y: Int, _ z: Int, radius: Double) -> [Int] {
        // The offsets of the shell table within the radius are those of the cube's scan (integer squared lengths up
        // to radius²); a few labels at most are found, so a list beats a set.
        let radius = max(0, radius)
        let shells = ShellOffsets.reaching(radius)
        let limit = Int32(min(radius * radius, Double(Int32.max)).rounded(.down))
        var found: [Int] = []
        for o in shells.offsets {
            if o.squared > limit { break }
            let value = label(x: x + Int(o.dx), y: y + Int(o.dy), z: z + Int(o.dz))
            if value != 0 && !found.contains(value) { found.append(value) }
        }
        return found.sorted()
    }
}

/// A BV voxel axis: x = A→P, y = S→I, z = R→L.
public enum VoxelAxis: String, Sendable, CaseIterable {
    case x, y, z
}

/// A BV voxel index in the 256³ frame.
public struct VoxelIndex: Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public var z: Int

    public init(_ x: Int, _ y: Int, _ z: Int) {
        self.x = x
        self.y = y
        self.z = z
    }

    public var isInsideFrame: Bool {
        CanonicalFrame.contains(x, y, z)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
        try c.encode(z)
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(Int.self)
        y = try c.decode(Int.self)
        z = try c.decode(Int.self)
    }
}
