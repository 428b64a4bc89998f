/// The canonical 256³ 1 mm frame: BV voxel index ↔ MNI millimetres (docs/CONVENTIONS.md).
public enum TemplateFrame {
    /// MNI mm of a BV voxel centre: `mniX = 128 − z`, `mniY = 128 − x`, `mniZ = 128 − y`.
    public static func mni(of v: VoxelIndex) -> SIMD3<Double> {
        SIMD3(Double(128 - v.z), Double(128 - v.x), Double(128 - v.y))
    }

    /// The BV voxel whose centre is nearest to an MNI point (halves round away from zero in mm).
    /// The result may lie outside the frame (check `isInsideFrame`); nil for non-finite or
    /// absurd (> 10⁶ mm) input, which has no voxel at all.
    public static func voxel(ofMNI p: SIMD3<Double>) -> VoxelIndex? {
        for c in [p.x, p.y, p.z] where !c.isFinite || abs(c) > 1e6 { return nil }
        let rx = Int(p.x.rounded(.toNearestOrAwayFromZero))
        let ry = Int(p.y.rounded(.toNearestOrAwayFromZero))
        let rz = Int(p.z.rounded(.toNearestOrAwayFromZero))
        return VoxelIndex(128 - ry, 128 - rz, 128 - rx)
    }
}
