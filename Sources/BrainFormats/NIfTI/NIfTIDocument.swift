import Foundation

extension FileFormat {
    /// NIfTI-1 single-file images (`.nii`, `.nii.gz`).
    public static let nifti = FileFormat(name: "nifti", extensions: ["nii"], converters: [.niftiToVMR, .niftiToV16, .niftiToVMP],
                                         sizeLimit: NIfTIFile.maxFileSize) {
        try NIfTIFile(bytes: [UInt8]($0), name: $1)
    }
}

extension FormatConverter {
    /// NIfTI → canonical 256³ VMR (grey 0–225 from the 0.5–99.5 percentiles, or `--labels`).
    public static let niftiToVMR = FormatConverter(from: "nifti", to: "vmr") { doc, options in
        guard let image = doc as? NIfTIFile else { throw FormatError(file: "input", field: "convert", message: "not a NIfTI image") }
        return try NIfTIToVMR.vmr(from: image, labels: options.labels, name: image.fileName)
    }

    /// NIfTI → canonical 256³ V16.
    public static let niftiToV16 = FormatConverter(from: "nifti", to: "v16") { doc, options in
        guard let image = doc as? NIfTIFile else { throw FormatError(file: "input", field: "convert", message: "not a NIfTI image") }
        return try NIfTIToVMR.v16(from: image, labels: options.labels, name: image.fileName)
    }
}

extension NIfTIFile: FormatDocument {
    public var formatName: String { "nifti" }
    public func encodedDocument() throws -> Data { Data(encoded()) }

    public func summary() -> JSONValue {
        .object([
            ("format", .string("nifti")),
            ("dims", .ints(dims)),
            ("voxelSize", .array(voxelSize.map { .double($0) })),
            ("datatype", .string(datatype.name)),
            ("affine", .array(affine.map { row in .array(row.map { .double($0 == 0 ? 0 : $0) }) })),
        ])
    }

    public func describe() -> String {
        var lines = ["NIfTI-1 \(isBigEndian ? "big" : "little")-endian: \(dims.map(String.init).joined(separator: " × ")) voxels of \(datatype.name), \(voxelSize.map { "\($0)" }.joined(separator: " × ")) mm"]
        if sclSlope != 1 || sclInter != 0 { lines.append("scaling: value × \(sclSlope) + \(sclInter)") }
        lines.append("affine from \(affineSource.rawValue) (qform code \(qformCode), sform code \(sformCode)):")
        for row in affine.prefix(3) { lines.append("  " + row.map { String(format: "%10.4f", $0) }.joined(separator: " ")) }
        return lines.joined(separator: "\n")
    }
}
