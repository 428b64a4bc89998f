/// Per-vertex neighbour lists stored flat: the list of vertex `i` is `indices[offsets[i]..<offsets[i+1]]`.
public struct MeshNeighbours: Hashable, Sendable {
    /// `vertexCount + 1` running starts into `indices`.
    public var offsets: [Int32]
    public var indices: [Int32]

    public init(offsets: [Int32], indices: [Int32]) {
        self.offsets = offsets
        self.indices = indices
    }

    /// No lists for `vertexCount` vertices.
    public init(emptyFor vertexCount: Int) {
        offsets = Array(repeating: 0, count: vertexCount + 1)
        indices = []
    }

    public var vertexCount: Int { max(0, offsets.count - 1) }

    /// Neighbours of vertex `i`.
    public subscript(i: Int) -> ArraySlice<Int32> {
        indices[Int(offsets[i])..<Int(offsets[i + 1])]
    }

    public func count(of i: Int) -> Int { Int(offsets[i + 1] - offsets[i]) }

    /// Nil when offsets start at 0, never decrease and end at `indices.count`; otherwise what is wrong.
    public var inconsistency: String? {
        guard let first = offsets.first, let last = offsets.last else { return "no offsets" }
        guard first == 0 else { return "first offset is \(first), not 0" }
        guard Int(last) == indices.count else { return "last offset \(last) differs from \(indices.count) entries" }
        for i in 1..<offsets.count where offsets[i] < offsets[i - 1] { return "offset \(i) decreases" }
        return nil
    }
}
