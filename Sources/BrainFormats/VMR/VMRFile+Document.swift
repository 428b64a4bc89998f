import Foundation

extension FileFormat {
    public static let vmr = FileFormat(name: "vmr", extensions: ["vmr"], converters: [.vmrToNIfTI], sizeLimit: VMRHeader.maxFileSize) { try VMRFile(data: $0, name: $1) }
}

extension VMRFile: FormatDocument {
    public var formatName: String { "vmr" }
    public func encodedDocument() throws -> Data { try encoded() }

    public func summary() -> JSONValue {
        let post = version >= 2
        let v3 = version >= 3
        return .object([
            ("format", .string("vmr")),
            ("version", .int(version)),
            ("dims", .ints([dims.x, dims.y, dims.z])),
            // v1 has no post-header: no stored voxel size or history (null, not the 1 mm default).
            ("voxelSize", post ? jsonVector(voxelSize) : .null),
            ("offset", v3 ? .ints([offset.x, offset.y, offset.z]) : .null),
            ("framingCube", v3 ? .int(framingCubeDim) : .null),
            ("referenceSpace", version >= 4 ? .int(Int(referenceSpace.vmrCode)) : .null),
            ("transformations", post ? .int(transformations.count) : .null),
            ("voxelSum", .int(Int(voxelSum))),
        ])
    }

    public func describe() -> String { describe(fileName: "") }

    /// The file name lets v2/v3 files report a space from their `_TAL`/`_MNI`/`_ACPC` suffix.
    public func describe(fileName: String) -> String {
        let size = version >= 2 ? "\(textVector(voxelSize)) mm" : "voxel size not stored (1 mm assumed)"
        var lines = ["VMR version \(version)\(hasVersionWord ? "" : " (6-byte header)"): \(dims.x) × \(dims.y) × \(dims.z) voxels, \(size)"]
        if version >= 3 { lines.append("offset \(offset.x), \(offset.y), \(offset.z); framing cube \(framingCubeDim)") }
        if version >= 2 {
            let space = inferredReferenceSpace(fileName: fileName.isEmpty ? nil : fileName)
            lines.append("reference space: \(space)\(version >= 4 ? "" : " (inferred)"); left-right convention \(leftRightConvention)")
            for t in transformations {
                lines.append("transformation type \(t.type), \(t.values.count) values: \(t.name) (from \(t.sourceFile))")
            }
            if let r = v16Range { lines.append("original 16-bit range \(r.min)…\(r.max), mean \(r.mean)") }
        }
        lines.append("voxel sum \(voxelSum)")
        return lines.joined(separator: "\n")
    }
}
