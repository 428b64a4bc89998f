import Foundation

extension FileFormat {
    public static let vmp = FileFormat(name: "vmp", extensions: ["vmp"], signatures: [[0xD4, 0xC3, 0xB2, 0xA1]],
                                       converters: [.vmpToNIfTI],
                                       sizeLimit: VMPHeader.maxFileSize) { try VMPFile(data: $0, name: $1) }
}

extension VMPFile: FormatDocument {
    public var formatName: String { "vmp" }
    public func encodedDocument() throws -> Data { try encoded() }

    public var warnings: [String] {
        trailingBytes.isEmpty ? [] : ["\(trailingBytes.count) bytes after the last map are kept but not understood"]
    }

    public func summary() -> JSONValue {
        .object([
            ("format", .string("vmp")),
            ("version", .int(Int(version))),
            ("documentType", .int(Int(documentType))),
            ("dims", .ints([dims.x, dims.y, dims.z])),
            ("resolution", .int(Int(resolution))),
            ("start", .ints([start.x, start.y, start.z])),
            ("end", .ints([end.x, end.y, end.z])),
            ("vmrDims", .ints([vmrDims.x, vmrDims.y, vmrDims.z])),
            ("timePoints", .int(Int(timePointCount))),
            ("componentParameters", .int(componentParameters.count)),
            ("maps", .array(maps.indices.map { mapSummary($0).json })),
        ])
    }

    private func mapSummary(_ index: Int) -> MapSummary {
        let map = maps[index]
        return MapSummary(name: map.name, type: map.type, threshold: map.threshold, upperThreshold: map.upperThreshold,
                          degreesOfFreedom: (map.degreesOfFreedom1, map.degreesOfFreedom2), clusterSize: map.clusterSizeThreshold,
                          clusterSizeEnabled: map.enableClusterSizeThreshold != 0, showPositiveNegative: Int(map.showPositiveNegative),
                          statistics: mapValues(index).statistics)
    }

    public func describe() -> String {
        var lines = ["NR-VMP version \(version): \(maps.count) map\(maps.count == 1 ? "" : "s") of \(dims.x) × \(dims.y) × \(dims.z) voxels "
                     + "at \(resolution) × the VMR voxel; box \(start.x)…\(end.x), \(start.y)…\(end.y), \(start.z)…\(end.z) "
                     + "of a \(vmrDims.x) × \(vmrDims.y) × \(vmrDims.z) VMR"]
        for m in maps.indices { lines.append(mapSummary(m).text(m + 1)) }
        if timePointCount > 0 { lines.append("component time courses of \(timePointCount) points") }
        for p in componentParameters { lines.append("component parameter \"\(p.name)\"") }
        return lines.joined(separator: "\n")
    }
}
