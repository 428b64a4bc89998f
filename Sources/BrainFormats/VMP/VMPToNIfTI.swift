import Foundation

extension FormatConverter {
    /// VMP → float32 NIfTI-1, one volume per map. MNI or Talairach maps (by name, or through TRF files) get sform code
    /// 4 or 3; a native map without TRF files keeps its VMR's own frame (centred, RAS-oriented) under code 1.
    public static let vmpToNIfTI = FormatConverter(from: "vmp", to: "nifti") { doc, options in
        guard let vmp = doc as? VMPFile else { throw FormatError(file: options.sourceFileName, field: "convert", message: "not a VMP") }
        let native = options.trfChain == nil && VMPFile.referenceSpace(fileName: options.sourceFileName) == .unknown
        let (affine, space): ([[Double]], ReferenceSpace) = native
            ? (vmp.affine(in: try options.vmrFrame ?? vmp.impliedVMRFrame(fileName: options.sourceFileName)), .native)
            : try vmp.placement(vmr: options.vmrFrame, chain: options.trfChain, fileName: options.sourceFileName, purpose: "NIfTI export")
        let types = Set(vmp.maps.map(\.type.code))
        let intent: NIfTIFile.StatisticIntent
        if types.count == 1, let first = vmp.maps.first {
            let df1 = Float(first.degreesOfFreedom1), df2 = Float(first.degreesOfFreedom2)
            switch first.type.code {
            case 1: intent = .t(df: df1)
            case 2: intent = .correlation(df: df1)
            case 4: intent = .f(df1: df1, df2: df2)
            case 5: intent = .z
            default: intent = .none
            }
        } else {
            intent = .none
        }
        let d = vmp.dims
        return try NIfTIFile(float32: vmp.values.floats, dims: vmp.maps.count == 1 ? [d.x, d.y, d.z] : [d.x, d.y, d.z, vmp.maps.count],
                             affine: affine, sformCode: space == .mni ? 4 : space == .talairach ? 3 : 1, intent: intent,
                             description: vmp.maps.map(\.name.string).joined(separator: "; "), name: options.sourceFileName)
    }
}
