/// One coordinate model for every volume and mesh (docs/file-formats.md §2): BV voxel index ↔ BV-internal mm ↔ RAS mm.
///
/// BV voxel axes are X = A→P, Y = S→I, Z = R→L (a left-handed frame, determinant −1 against RAS).
public struct VolumeFrame: Hashable, Sendable {
    /// mm per voxel along BV X, Y, Z.
    public var voxelSize: SIMD3<Double>
    /// Start of the stored box inside the framing cube, in voxels.
    public var offset: SIMD3<Double>
    /// Edge of the framing cube, in voxels.
    public var framingCubeDim: Int

    public init(voxelSize: SIMD3<Double> = [1, 1, 1], offset: SIMD3<Double> = .zero, framingCubeDim: Int = CanonicalFrame.size) {
        self.voxelSize = voxelSize
        self.offset = offset
        self.framingCubeDim = framingCubeDim
    }

    /// `CanonicalFrame` as a general frame (1 mm voxels, no offset, 256 cube).
    public static let canonical = VolumeFrame()

    /// Framing-cube centre in BV mm (128 mm for the canonical cube).
    public var centre: SIMD3<Double> { voxelSize * Double(framingCubeDim) / 2 }

    /// BV-internal mm of a (possibly fractional) voxel index; SRF vertices live in this space.
    public func bvMillimetres(voxel v: SIMD3<Double>) -> SIMD3<Double> { voxelSize * (v + offset) }

    /// Voxel index (fractional) of a BV-internal mm position.
    public func voxel(bvMillimetres b: SIMD3<Double>) -> SIMD3<Double> { b / voxelSize - offset }

    /// RAS mm of a BV-internal mm position (`ras = (cZ − bZ, cX − bX, cY − bY)`).
    public func ras(bvMillimetres b: SIMD3<Double>) -> SIMD3<Double> {
        let c = centre
        return SIMD3(c.z - b.z, c.x - b.x, c.y - b.y)
    }

    /// BV-internal mm of a RAS mm position.
    public func bvMillimetres(ras p: SIMD3<Double>) -> SIMD3<Double> {
        let c = centre
        return SIMD3(c.x - p.y, c.y - p.z, c.z - p.x)
    }

    /// RAS mm of a voxel index.
    public func ras(voxel v: SIMD3<Double>) -> SIMD3<Double> { ras(bvMillimetres: bvMillimetres(voxel: v)) }

    /// Fractional voxel index of a RAS mm position.
    public func voxel(ras p: SIMD3<Double>) -> SIMD3<Double> { voxel(bvMillimetres: bvMillimetres(ras: p)) }

    /// Nearest voxel centre of a RAS mm position. A point exactly between two centres goes to the one
    /// farther from the origin in mm ("halves away from zero" in mm: MNI −0.5 → −1, i.e. z = 129).
    public func nearestVoxel(ras p: SIMD3<Double>) -> SIMD3<Int> {
        let v = voxel(ras: p)
        // Voxel axis x carries RAS y, y carries RAS z, z carries RAS x (docs/file-formats.md §2.3).
        func pick(_ index: Double, _ mm: Double) -> Int {
            let lower = index.rounded(.down)
            guard index - lower == 0.5 else { return Int(index.rounded(.toNearestOrAwayFromZero)) }
            // Voxel index grows against the RAS axis, so "away from zero" in mm is the lower index for
            // positive mm and the higher one for negative mm.
            return mm >= 0 ? Int(lower) : Int(lower) + 1
        }
        return SIMD3(pick(v.x, p.y), pick(v.y, p.z), pick(v.z, p.x))
    }

    /// Rows of the 4×4 matrix mapping `(x, y, z, 1)` voxel indices to RAS mm (docs/file-formats.md §2.3).
    public var voxelToRAS: [[Double]] {
        let r = voxelSize, c = centre, o = offset
        return [
            [0, 0, -r.z, c.z - r.z * o.z],
            [-r.x, 0, 0, c.x - r.x * o.x],
            [0, -r.y, 0, c.y - r.y * o.y],
            [0, 0, 0, 1],
        ]
    }

    /// Rows of the inverse 4×4: RAS mm to fractional voxel index.
    public var rasToVoxel: [[Double]] {
        let r = voxelSize, c = centre, o = offset
        return [
            [0, -1 / r.x, 0, c.x / r.x - o.x],
            [0, 0, -1 / r.y, c.y / r.y - o.y],
            [-1 / r.z, 0, 0, c.z / r.z - o.z],
            [0, 0, 0, 1],
        ]
    }
}
