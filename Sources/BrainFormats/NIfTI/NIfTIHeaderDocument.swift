import Foundation

/// What `inspect` prints of a NIfTI-1 image, made from its header alone: the voxels are never inflated.
/// Whether they are all there is judged from the stored size (or the gzip trailer's) and said as a warning.
struct NIfTIHeaderDocument: FormatDocument {
    let header: NIfTIHeader
    let warnings: [String]

    init(_ file: OpenedFile) throws {
        header = try NIfTIHeader([UInt8](file.head), file: file.name)
        let needed = header.dataOffset + header.dataByteCount
        if !file.compressed, file.stored.count < needed {
            warnings = ["holds \(file.stored.count) bytes, its header needs \(needed): the voxels are cut short"]
        } else if file.compressed, let declared = Gzip.trailerSize(file.stored), declared != needed % (1 << 32),
                  declared < needed % (1 << 32) || declared > needed % (1 << 32) + NIfTIFile.maxTrailingBytes {
            warnings = ["its gzip trailer gives \(declared) bytes (mod 2³²) where the header needs \(needed): "
                        + "the file may be truncated or not what its header says"]
        } else {
            warnings = []
        }
    }

    var formatName: String { "nifti" }
    func summary() -> JSONValue { header.summary() }
    func describe() -> String { header.describe() }

    func encodedDocument() throws -> Data {
        throw FormatError(file: "input", field: "convert", message: "a header read alone has no voxels to write")
    }
}

extension NIfTIHeader {
    /// The `inspect --json` object.
    func summary() -> JSONValue {
        .object([
            ("format", .string("nifti")),
            ("dims", .ints(dims)),
            ("voxelSize", .array(voxelSize.map { .double($0) })),
            ("datatype", .string(datatype.name)),
            ("affine", .array(affine.map { row in .array(row.map { .double($0 == 0 ? 0 : $0) }) })),
        ])
    }

    /// The readable `inspect` lines.
    func describe() -> String {
        var lines = ["NIfTI-1 \(bigEndian ? "big" : "little")-endian: \(dims.map(String.init).joined(separator: " × ")) voxels of \(datatype.name), \(voxelSize.map { "\($0)" }.joined(separator: " × ")) mm"]
        if sclSlope != 1 || sclInter != 0 { lines.append("scaling: value × \(sclSlope) + \(sclInter)") }
        lines.append("affine from \(affineSource.rawValue) (qform code \(qformCode), sform code \(sformCode)):")
        for row in affine.prefix(3) { lines.append("  " + row.map { String(format: "%10.4f", $0) }.joined(separator: " ")) }
        return lines.joined(separator: "\n")
    }
}
