import Foundation

extension FormatConverter {
    /// VMR → uint8 NIfTI-1 with the VMR's own frame as the sform (docs/MAPS.md, "NIfTI export").
    public static let vmrToNIfTI = FormatConverter(from: "vmr", to: "nifti") { doc, options in
        guard let vmr = doc as? VMRFile else { throw FormatError(file: options.sourceFileName, field: "convert", message: "not a VMR") }
        // MNI and Talairach VMRs get their template code; other VMRs keep BrainVoyager's cube-centred
        // millimetres, which are aligned to the volume but are not scanner coordinates (code 2, not 1).
        let code: Int16 = switch vmr.inferredReferenceSpace(fileName: options.sourceFileName) {
        case .mni: 4
        case .talairach: 3
        default: 2
        }
        return try NIfTIFile(raw: [UInt8](vmr.voxels), datatype: .uint8, dims: [vmr.dims.x, vmr.dims.y, vmr.dims.z],
                             affine: vmr.frame.voxelToRAS, sformCode: code,
                             description: "BrainVoyager VMR \(options.sourceFileName)", name: options.sourceFileName)
    }
}
