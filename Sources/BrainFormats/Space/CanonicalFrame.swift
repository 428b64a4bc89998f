/// The canonical 256³ 1 mm BrainVoyager frame of the template (docs/file-formats.md §2.3): BV voxel (x, y, z)
/// has its centre at MNI/RAS mm (128 − z, 128 − x, 128 − y), so MNI (0, 0, 0) is voxel (128, 128, 128).
/// Every volume, mesh and lookup in the canonical frame goes through this type.
public enum CanonicalFrame {
    public static let size = 256
    /// Voxel index (and BV mm) of MNI 0 on every axis.
    public static let centre = 128
    public static let voxelCount = size * size * size

    /// Linear index of BV voxel (x, y, z), x fastest.
    @inline(__always)
    public static func index(_ x: Int, _ y: Int, _ z: Int) -> Int { x + size * (y + size * z) }

    /// BV voxel (x, y, z) of a linear index.
    @inline(__always)
    public static func voxel(_ index: Int) -> (x: Int, y: Int, z: Int) {
        (index % size, (index / size) % size, index / (size * size))
    }

    /// True when the voxel lies inside the cube.
    @inline(__always)
    public static func contains(_ x: Int, _ y: Int, _ z: Int) -> Bool {
        x >= 0 && x < size && y >= 0 && y < size && z >= 0 && z < size
    }

    /// Integer MNI mm of voxel (x, y, z)'s centre.
    @inline(__always)
    public static func mni(_ x: Int, _ y: Int, _ z: Int) -> (x: Int, y: Int, z: Int) {
        (centre - z, centre - x, centre - y)
    }

    /// MNI mm of a voxel centre, by linear index.
    @inline(__always)
    public static func mni(_ index: Int) -> SIMD3<Double> {
        let v = voxel(index)
        let m = mni(v.x, v.y, v.z)
        return SIMD3(Double(m.x), Double(m.y), Double(m.z))
    }

    /// The voxel whose centre is at integer MNI mm (the inverse of `mni`); it may lie outside the cube.
    @inline(__always)
    public static func voxel(mniX: Int, mniY: Int, mniZ: Int) -> (x: Int, y: Int, z: Int) {
        (centre - mniY, centre - mniZ, centre - mniX)
    }

    /// Linear index of the voxel at integer MNI mm, or nil outside the cube.
    @inline(__always)
    public static func index(mniX: Int, mniY: Int, mniZ: Int) -> Int? {
        let v = voxel(mniX: mniX, mniY: mniY, mniZ: mniZ)
        return contains(v.x, v.y, v.z) ? index(v.x, v.y, v.z) : nil
    }

    /// The voxel whose centre is nearest to an MNI point: each coordinate rounds to whole mm, halves away
    /// from zero (MNI −0.5 → −1). The voxel may lie outside the cube; nil for non-finite or absurd
    /// (> 10⁶ mm) input, which has no voxel at all.
    public static func nearestVoxel(mni p: SIMD3<Double>) -> (x: Int, y: Int, z: Int)? {
        for c in [p.x, p.y, p.z] where !c.isFinite || abs(c) > 1e6 { return nil }
        return voxel(mniX: Int(p.x.rounded(.toNearestOrAwayFromZero)), mniY: Int(p.y.rounded(.toNearestOrAwayFromZero)),
                     mniZ: Int(p.z.rounded(.toNearestOrAwayFromZero)))
    }

    /// BV-internal mm (where SRF vertices live) of a RAS mm position: (128 − y, 128 − z, 128 − x).
    /// The map mirrors (determinant −1), which flips triangle winding between the two spaces.
    @inline(__always)
    public static func bvMillimetres(ras p: SIMD3<Float>) -> SIMD3<Float> {
        let c = Float(centre)
        return SIMD3(c - p.y, c - p.z, c - p.x)
    }

    /// Fractional BV coordinates of the cube (x A→P, y S→I, z R→L) of a RAS mm point, and back.
    public static func bv(ofRAS p: SIMD3<Double>) -> SIMD3<Double> {
        let c = Double(centre)
        return SIMD3(c - p.y, c - p.z, c - p.x)
    }

    public static func ras(ofBV v: SIMD3<Double>) -> SIMD3<Double> {
        let c = Double(centre)
        return SIMD3(c - v.z, c - v.x, c - v.y)
    }

    /// Rows of the 3×4 affine from canonical voxel indices to MNI mm.
    public static let voxelToMNI: [[Double]] = {
        let c = Double(centre)
        return [[0, 0, -1, c], [-1, 0, 0, c], [0, -1, 0, c]]
    }()
}
