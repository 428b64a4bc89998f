import Foundation

extension VMPFile {
    /// The space of the maps' box, which the file does not store (docs/file-formats.md §12.4): MNI or
    /// Talairach from a `_MNI` / `_TAL` file-name suffix, else unknown.
    public static func referenceSpace(fileName: String) -> ReferenceSpace {
        let name = fileName.uppercased()
        if name.contains("_MNI") { return .mni }
        if name.contains("_TAL") { return .talairach }
        return .unknown
    }

    /// Throws unless the maps are in MNI or Talairach space by their name (a native map needs its VMR's TRF files).
    public static func requireAtlasSpace(_ vmp: VMPFile, fileName: String, for purpose: String) throws -> ReferenceSpace {
        let space = referenceSpace(fileName: fileName)
        guard space == .mni || space == .talairach else {
            throw FormatError(file: fileName, field: "space", message: "a VMP does not store its space and this name has no _MNI or _TAL "
                                  + "suffix, so its maps are taken as native (subject) space, which \(purpose) cannot use as it is: "
                                  + "give the subject's normalisation (--vmr FILE.vmr --trf FILE_MNI.trf, several --trf in order), "
                                  + "or, if the maps were computed on an MNI or Talairach VMR, name the file …_MNI.vmp or …_TAL.vmp")
        }
        return space
    }

    /// The frame of the VMR the maps lie on when only the VMP is known: a cube of `vmrDims` voxels spanning
    /// 256 mm (1 mm at 256³, 0.5 mm at 512³); anything else needs the VMR itself.
    public func impliedVMRFrame(fileName: String) throws -> VolumeFrame {
        guard vmrDims.x == vmrDims.y, vmrDims.y == vmrDims.z, vmrDims.x > 0 else {
            throw FormatError(file: fileName, field: "DimX", message: "the maps' VMR is \(vmrDims.x) × \(vmrDims.y) × \(vmrDims.z), not a cube, "
                                  + "so its voxel size cannot be implied; give the VMR with --vmr FILE.vmr")
        }
        let size = Double(CanonicalFrame.size) / Double(vmrDims.x)
        return VolumeFrame(voxelSize: SIMD3(repeating: size), framingCubeDim: Int(vmrDims.x))
    }

    /// Rows of the 4×4 matrix from map voxel (i, j, k) to the VMR voxel it stands at: map voxel `i` covers
    /// `resolution` VMR voxels per axis from `start + resolution · i`, and BrainVoyager places its value at
    /// that first VMR voxel (so a 2 mm map's voxels fall on whole, even MNI millimetres, as 2 mm NIfTI grids do).
    public var voxelToVMR: [[Double]] {
        let r = Double(resolution)
        return [[r, 0, 0, Double(start.x)], [0, r, 0, Double(start.y)], [0, 0, r, Double(start.z)], [0, 0, 0, 1]]
    }

    /// Rows of the 4×4 matrix from map voxel to RAS millimetres of `frame` (the maps' VMR).
    public func affine(in frame: VolumeFrame) -> [[Double]] {
        let a = frame.voxelToRAS, b = voxelToVMR
        return (0..<4).map { r in (0..<4).map { c in (0..<4).reduce(0) { $0 + a[r][$1] * b[$1][c] } } }
    }

    /// Row-major affine from map voxel (i, j, k) to RAS millimetres in the canonical frame.
    public var canonicalAffine: [[Double]] { affine(in: .canonical) }
}
