import Foundation

extension FileFormat {
    public static let voi = FileFormat(name: "voi", extensions: ["voi"], sizeLimit: TextSizeLimit.check) { try VOIFile(data: $0, name: $1) }
}

extension VOIFile: FormatDocument {
    public var formatName: String { "voi" }
    public func encodedDocument() throws -> Data { encoded() }

    public func summary() -> JSONValue {
        .object([
            ("format", .string("voi")),
            ("version", .int(version)),
            ("referenceSpace", .string(referenceSpaceName)),
            ("vois", .array(vois.map { voi in
                .object([
                    ("name", .string(voi.name.string)),
                    ("color", voi.color.map { .ints([$0.x, $0.y, $0.z]) } ?? .null),
                    ("voxelCount", .int(voi.voxels.count)),
                ])
            })),
        ])
    }

    public func describe() -> String {
        var lines = ["VOI version \(version), reference space \(referenceSpaceName) (\(coordinatesAreMillimetres ? "mm" : "voxel indices")), \(vois.count) VOIs"]
        for voi in vois {
            let color = voi.color.map { " colour \($0.x) \($0.y) \($0.z)" } ?? ""
            lines.append("  \(voi.name): \(voi.voxels.count) voxels\(color)")
        }
        if let vtcs, !vtcs.isEmpty { lines.append("linked files: " + vtcs.map(\.string).joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}
