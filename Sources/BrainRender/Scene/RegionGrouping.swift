/// The one region rule of every pass: a triangle belongs to the label of the majority of its
/// vertices (tie: its first vertex); triangles are sorted by label so each label is one index range.
public struct RegionGrouping: Sendable {
    /// One label's triangles: `triangleStart ..< triangleStart + triangleCount` in `sortedTriangles`.
    public struct Range: Sendable, Equatable {
        public let label: UInt32
        public let triangleStart: Int
        public let triangleCount: Int
    }

    /// Triangle vertex indices, grouped by label (ascending), original order kept inside a label.
    public let sortedTriangles: [UInt32]
    /// For each sorted triangle, its index in the mesh's own triangle list.
    public let originalTriangle: [UInt32]
    public let ranges: [Range]

    @inline(__always)
    public static func triangleLabel(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        if a == b || a == c { return a }
        if b == c { return b }
        return a
    }

    /// Groups `triangles` by the labels of their vertices (`vertexLabels[i]` for vertex i).
    /// Labels index arrays here, so they must be small (region ids, palette indices).
    public init(triangles: [UInt32], vertexLabels: [UInt32]) {
        let count = triangles.count / 3
        var labels = [UInt32](repeating: 0, count: count)
        let maxLabel = Int(vertexLabels.max() ?? 0)
        var counts = [Int](repeating: 0, count: maxLabel + 1)
        for t in 0..<count {
            let label = Self.triangleLabel(vertexLabels[Int(triangles[3 * t])],
                                           vertexLabels[Int(triangles[3 * t + 1])],
                                           vertexLabels[Int(triangles[3 * t + 2])])
            labels[t] = label
            counts[Int(label)] += 1
        }
        // Counting sort: stable, so triangles keep their file order inside a range.
        var ranges: [Range] = []
        var next = [Int](repeating: 0, count: maxLabel + 1)
        var start = 0
        for label in 0...maxLabel where counts[label] > 0 {
            ranges.append(Range(label: UInt32(label), triangleStart: start, triangleCount: counts[label]))
            next[label] = start
            start += counts[label]
        }
        var sorted = [UInt32](repeating: 0, count: count * 3)
        var original = [UInt32](repeating: 0, count: count)
        for t in 0..<count {
            let label = Int(labels[t])
            let slot = next[label]
            next[label] = slot + 1
            sorted[3 * slot] = triangles[3 * t]
            sorted[3 * slot + 1] = triangles[3 * t + 1]
            sorted[3 * slot + 2] = triangles[3 * t + 2]
            original[slot] = UInt32(t)
        }
        sortedTriangles = sorted
        originalTriangle = original
        self.ranges = ranges
    }
}
