import Foundation

extension FormatConverter {
    /// VMP (MNI or Talairach, 256³ cube) → float32 NIfTI-1, one volume per map, sform in the canonical frame.
    public static let vmpToNIfTI = FormatConverter(from: "vmp", to: "nifti") { doc, options in
        guard let vmp = doc as? VMPFile else { throw FormatError(file: options.sourceFileName, field: "convert", message: "not a VMP") }
        let space = try VMPFile.requireAtlasSpace(vmp, fileName: options.sourceFileName, for: "NIfTI export")
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
                             affine: vmp.canonicalAffine, sformCode: space == .mni ? 4 : 3, intent: intent,
                             description: vmp.maps.map(\.name.string).joined(separator: "; "), name: options.sourceFileName)
    }
}
