import BrainFormats

/// The voxel grid lookups index: the bundled 256³ MNI template, or a user's VMR (any frame, in
/// MNI, Talairach or a native space where only voxel coordinates make sense).
public struct VoxelGrid: Sendable, Equatable {
    /// The stereotaxic space of the grid's millimetres.
    public enum Space: String, Sendable, Equatable {
        case mni, talairach, native
    }

    public let dims: SIMD3<Int>
    public let space: Space
    /// nil for the canonical 256³ 1 mm frame (the fixed formulas of docs/CONVENTIONS.md).
    public let frame: VolumeFrame?
    /// What the grid is, for messages ("the 256×256×256 template", "sub.vmr").
    public let name: String

    public init(dims: SIMD3<Int>, space: Space, frame: VolumeFrame?, name: String) {
        self.dims = dims
        self.space = space
        self.frame = frame
        self.name = name
    }

    /// The bundled template: 256³, 1 mm, MNI.
    public static let template = VoxelGrid(dims: SIMD3(repeating: CanonicalFrame.size), space: .mni, frame: nil,
                                           name: "the 256×256×256 template")

    public func contains(_ v: VoxelIndex) -> Bool {
        v.x >= 0 && v.y >= 0 && v.z >= 0 && v.x < dims.x && v.y < dims.y && v.z < dims.z
    }

    /// The nearest voxel to an MNI point (through Talairach for a Talairach grid); nil when the
    /// input has no voxel at all (non-finite, absurd) or the grid has no stereotaxic space.
    public func voxel(ofMNI p: SIMD3<Double>) -> VoxelIndex? {
        guard [p.x, p.y, p.z].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return nil }
        let own: SIMD3<Double>
        switch space {
        case .mni: own = p
        case .talairach: own = Talairach.talairach(fromMNI: p)
        case .native: return nil
        }
        guard let frame else { return CanonicalFrame.voxel(ofMNI: own) }
        let v = frame.nearestVoxel(ras: own)
        return VoxelIndex(v.x, v.y, v.z)
    }

    /// MNI mm of a voxel centre; nil in a native grid.
    public func mni(of v: VoxelIndex) -> SIMD3<Double>? {
        let own: SIMD3<Double>
        if let frame { own = frame.ras(voxel: SIMD3(Double(v.x), Double(v.y), Double(v.z))) } else { own = CanonicalFrame.mni(of: v) }
        switch space {
        case .mni: return own
        case .talairach: return Talairach.mni(fromTalairach: own)
        case .native: return nil
        }
    }
}
