import Foundation

extension VMPFile {
    /// Where the maps' voxels lie: rows of the 4×4 voxel → RAS millimetres matrix and its space. Without TRF files
    /// the name must say MNI or Talairach; with them the chain takes the VMR's voxels to the space its last file targets.
    public func placement(vmr: VolumeFrame?, chain: TRFChain?, fileName: String, purpose: String) throws
        -> (affine: [[Double]], space: ReferenceSpace) {
        let frame = try vmr ?? impliedVMRFrame(fileName: fileName)
        guard let chain else {
            let space = try Self.requireAtlasSpace(self, fileName: fileName, for: purpose)
            return (affine(in: frame), space)
        }
        guard let space = chain.targetSpace else {
            throw FormatError(file: chain.files.last?.name ?? fileName, field: "TargetFile",
                              message: "\"\(chain.files.last?.trf.targetFile ?? "")\" names no MNI or _TAL VMR, so the chain ends in "
                                  + "AC-PC or native space; add the subject's MNI normalisation .trf after it")
        }
        return (TRFChain.multiply(chain.voxelToTargetRAS(source: frame), voxelToVMR), space)
    }

    /// Rows of the 4×4 matrix from map voxel to RAS millimetres of the subject's AC-PC VMR, for a Talairach
    /// (`.tal`) warp to follow: the maps lie on that VMR, or the chain takes their VMR there.
    public func acpcPlacement(vmr: VolumeFrame?, chain: TRFChain?, fileName: String, talName: String) throws -> [[Double]] {
        let frame = try vmr ?? impliedVMRFrame(fileName: fileName)
        guard let chain else { return affine(in: frame) }
        if let space = chain.targetSpace {
            throw FormatError(file: talName, field: "landmarks", message: "a .tal file warps an AC-PC VMR, but the .trf chain already ends in "
                                  + "\(space == .mni ? "MNI" : "Talairach") space (\(chain.files.last?.name ?? "")); give the AC-PC .trf only")
        }
        return TRFChain.multiply(chain.voxelToTargetRAS(source: frame), voxelToVMR)
    }
}
