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
            ("maps", .array(maps.map { Self.summary($0).json })),
        ])
    }

    private static func summary(_ map: SMPMap) -> MapSummary {
        MapSummary(name: map.name, type: map.type, threshold: map.thresholdMin, upperThreshold: map.thresholdMax,
                   degreesOfFreedom: (map.degreesOfFreedom1, map.degreesOfFreedom2), clusterSize: map.clusterSize,
                   clusterSizeEnabled: map.enableClusterCheck != 0, showPositiveNegative: Int(map.showPositiveNegative),
                   statistics: map.values.statistics)
    }

    public func describe() -> String {
        var lines = ["SMP version \(version): \(maps.count) map\(maps.count == 1 ? "" : "s") of \(vertexCount) vertices"
                     + (srfFileName.isEmpty ? "" : " (mesh \(srfFileName))")]
        for (m, map) in maps.enumerated() { lines.append(Self.summary(map).text(m + 1)) }
        return lines.joined(separator: "\n")
    }
}
