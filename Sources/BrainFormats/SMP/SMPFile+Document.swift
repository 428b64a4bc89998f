import Foundation

extension FileFormat {
    public static let smp = FileFormat(name: "smp", extensions: ["smp"], sizeLimit: SMPHeader.maxFileSize) {
        try SMPFile(data: $0, name: $1)
    }
}

extension SMPFile: FormatDocument {
    public var formatName: String { "smp" }
    public func encodedDocument() throws -> Data { try encoded() }

    public var warnings: [String] {
        trailingBytes.isEmpty ? [] : ["\(trailingBytes.count) bytes after the last map are kept but not understood"]
    }

    public func summary() -> JSONValue {
        .object([
            ("format", .string("smp")),
            ("version", .int(Int(version))),
            ("vertices", .int(Int(vertexCount))),
            ("srf", .string(srfFileName.string)),
            ("maps", .array(maps.map { map in
                .object([
                    ("name", .string(map.name.string)),
                    ("type", .string(map.type.name)),
                    ("typeCode", .int(Int(map.type.code))),
                    ("threshold", .float(map.thresholdMin)),
                    ("upperThreshold", .float(map.thresholdMax)),
                    ("df1", .int(Int(map.degreesOfFreedom1))),
                    ("df2", .int(Int(map.degreesOfFreedom2))),
                    ("clusterSize", .int(Int(map.clusterSize))),
                    ("clusterSizeEnabled", .bool(map.enableClusterCheck != 0)),
                    ("showPositiveNegative", .int(Int(map.showPositiveNegative))),
                ] + map.values.statistics.json)
            })),
        ])
    }

    public func describe() -> String {
        var lines = ["SMP version \(version): \(maps.count) map\(maps.count == 1 ? "" : "s") of \(vertexCount) vertices"
                     + (srfFileName.isEmpty ? "" : " (mesh \(srfFileName))")]
        for (m, map) in maps.enumerated() {
            lines.append("map \(m + 1) \"\(map.name)\": \(map.type.name), threshold \(map.thresholdMin)…\(map.thresholdMax), "
                         + "df \(map.degreesOfFreedom1), \(map.degreesOfFreedom2), cluster size \(map.clusterSize)"
                         + "\(map.enableClusterCheck != 0 ? " (on)" : ""); \(map.values.statistics.text)")
        }
        return lines.joined(separator: "\n")
    }
}
