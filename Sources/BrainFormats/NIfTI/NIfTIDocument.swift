import Foundation

extension FileFormat {
    /// NIfTI-1 single-file images (`.nii`, `.nii.gz`).
    public static let nifti: FileFormat = {
        var format = FileFormat(name: "nifti", extensions: ["nii"], converters: [.niftiToVMR, .niftiToV16, .niftiToVMP],
                                sizeLimit: NIfTIFile.maxFileSize) {
            try NIfTIFile(bytes: [UInt8]($0), name: $1)
        }
        format.inspectHeader = { try NIfTIHeaderDocument($0) }
        return format
    }()
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

    public func summary() -> JSONValue { header.summary() }
    public func describe() -> String { header.describe() }
}
