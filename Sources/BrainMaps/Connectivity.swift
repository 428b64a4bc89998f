/// Which voxels count as neighbours when clusters are grown: faces (6), faces and edges (18), or all 26.
public enum Connectivity: Int, Sendable, CaseIterable {
    case faces = 6
    case edges = 18
    case corners = 26

    /// Neighbour offsets (di, dj, dk), in a fixed order.
    public var offsets: [SIMD3<Int>] {
        var out: [SIMD3<Int>] = []
        for dk in -1...1 { for dj in -1...1 { for di in -1...1 {
            let n = abs(di) + abs(dj) + abs(dk)
            if n == 0 { continue }
            if n == 1 || (n == 2 && self != .faces) || (n == 3 && self == .corners) { out.append(SIMD3(di, dj, dk)) }
        } } }
        return out
    }
}
