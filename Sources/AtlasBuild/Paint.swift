import BrainFormats

/// The ribbon voxel → nearest mid-thickness vertex map, computed once and reused by every surface atlas.
public struct RibbonPainter: Sendable {
    /// For each ribbon voxel: the vertex index on the mesh of its own hemisphere.
    public let vertexOfVoxel: [Int32]
    public let ribbon: Ribbon

    /// `midThickness[h]` are the (pial + white) / 2 vertices of hemisphere h (0 left, 1 right), in MNI mm.
    public init(ribbon: Ribbon, midThickness: [[SIMD3<Float>]], progress: BuildProgress? = nil) {
        let grids = midThickness.map { NearestVertexGrid(points: $0) }
        var map = [Int32](repeating: 0, count: ribbon.count)
        let step = max(ribbon.count / 50, 1)
        for i in 0 ..< ribbon.count {
            let q = CanonicalFrame.mni(Int(ribbon.indices[i]))
            map[i] = Int32(grids[Int(ribbon.hemisphere[i])].nearest(to: q))
            if i % step == 0 { progress?.update("painting map", done: i, of: ribbon.count) }
        }
        vertexOfVoxel = map
        self.ribbon = ribbon
    }

    /// Ribbon-aligned labels: each voxel takes its vertex's label (`vertexLabels[h]` per hemisphere).
    public func paint(_ vertexLabels: [[UInt16]]) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: ribbon.count)
        for i in 0 ..< ribbon.count {
            out[i] = vertexLabels[Int(ribbon.hemisphere[i])][Int(vertexOfVoxel[i])]
        }
        return out
    }
}
