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
}
