import BrainFormats

/// One atlas's labelled voxels in the canonical frame: ascending linear indices and their region ids.
public struct AtlasVolume: Sendable, Equatable {
    public var indices: [Int32]
    public var labels: [UInt16]

    public init(indices: [Int32], labels: [UInt16]) {
        precondition(indices.count == labels.count, "one label per voxel")
        self.indices = indices
        self.labels = labels
    }

    /// Ribbon-aligned labels with the unlabelled voxels dropped.
    public init(ribbon: Ribbon, labels: [UInt16]) {
        var idx: [Int32] = [], lab: [UInt16] = []
        for i in 0 ..< ribbon.count where labels[i] != 0 {
            idx.append(ribbon.indices[i]); lab.append(labels[i])
        }
        self.init(indices: idx, labels: lab)
    }

    /// Every non-zero voxel of a dense 256³ volume.
    public init(dense: [UInt16]) {
        var idx: [Int32] = [], lab: [UInt16] = []
        for (i, v) in dense.enumerated() where v != 0 { idx.append(Int32(i)); lab.append(v) }
        self.init(indices: idx, labels: lab)
    }

    public var maxLabel: UInt16 { labels.max() ?? 0 }

    /// Per-region voxel count and MNI centroid (index 0 unused).
    public func statistics(regionCount: Int) -> [(count: Int, centroid: SIMD3<Double>?)] {
        var counts = [Int](repeating: 0, count: regionCount + 1)
        var sums = [SIMD3<Double>](repeating: .zero, count: regionCount + 1)
        for (i, l) in zip(indices, labels) where Int(l) <= regionCount {
            counts[Int(l)] += 1
            sums[Int(l)] += CanonicalFrame.mni(Int(i))
        }
        return (0 ... regionCount).map { r in
            (counts[r], counts[r] > 0 ? sums[r] / Double(counts[r]) : nil)
        }
    }
}
