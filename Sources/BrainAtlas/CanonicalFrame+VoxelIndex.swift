import BrainFormats

extension CanonicalFrame {
    /// MNI mm of a voxel centre.
    public static func mni(of v: VoxelIndex) -> SIMD3<Double> {
        let m = mni(v.x, v.y, v.z)
        return SIMD3(Double(m.x), Double(m.y), Double(m.z))
    }

    /// The voxel whose centre is nearest to an MNI point (see `nearestVoxel(mni:)`); it may lie outside
    /// the frame (check `isInsideFrame`).
    public static func voxel(ofMNI p: SIMD3<Double>) -> VoxelIndex? {
        nearestVoxel(mni: p).map { VoxelIndex($0.x, $0.y, $0.z) }
    }
}
