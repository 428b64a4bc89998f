import Foundation

extension FileFormat {
    public static let vmr = FileFormat(name: "vmr", extensions: ["vmr"]) { try VMRFile(data: $0, name: $1) }
    public static let v16 = FileFormat(name: "v16", extensions: ["v16"]) { try V16File(data: $0, name: $1) }
    public static let srf = FileFormat(name: "srf", extensions: ["srf"]) { try SRFFile(data: $0, name: $1) }
    public static let voi = FileFormat(name: "voi", extensions: ["voi"]) { try VOIFile(data: $0, name: $1) }
    public static let poi = FileFormat(name: "poi", extensions: ["poi"]) { try POIFile(data: $0, name: $1) }
}

private func vector<T: BinaryFloatingPoint>(_ v: SIMD3<T>) -> OrderedJSON { .floats([Float(v.x), Float(v.y), Float(v.z)]) }
private func fmt(_ v: SIMD3<Float>) -> String { "\(v.x), \(v.y), \(v.z)" }

extension VMRFile: FormatDocument {
    public var formatName: String { "vmr" }
    public func encodedDocument() throws -> Data { try encoded() }

    public func summary() -> OrderedJSON {
        let post = version >= 2
        let v3 = version >= 3
        return .object([
            ("format", .string("vmr")),
            ("version", .int(version)),
            ("dims", .ints([dims.x, dims.y, dims.z])),
            // v1 has no post-header: no stored voxel size or history (null, not the 1 mm default).
            ("voxelSize", post ? vector(voxelSize) : .null),
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
        let size = version >= 2 ? "\(fmt(voxelSize)) mm" : "voxel size not stored (1 mm assumed)"
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

extension V16File: FormatDocument {
    public var formatName: String { "v16" }
    public func encodedDocument() throws -> Data { try encoded() }

    public func summary() -> OrderedJSON {
        .object([("format", .string("v16")), ("dims", .ints([dims.x, dims.y, dims.z]))])
    }

    public func describe() -> String { "V16: \(dims.x) × \(dims.y) × \(dims.z) 16-bit voxels" }
}

extension SRFFile: FormatDocument {
    public var formatName: String { "srf" }
    public func encodedDocument() throws -> Data { try encoded() }

    public func summary() -> OrderedJSON {
        let box = boundingBox
        return .object([
            ("format", .string("srf")),
            ("version", .float(version)),
            ("vertexCount", .int(vertexCount)),
            ("triangleCount", .int(triangleCount)),
            ("meshCenter", vector(meshCenter)),
            ("firstVertex", vertices.first.map(vector) ?? .null),
            ("boundingBox", box.map { .object([("min", vector($0.min)), ("max", vector($0.max))]) } ?? .null),
        ])
    }

    public func describe() -> String {
        var lines = ["SRF version \(version): \(vertexCount) vertices, \(triangleCount) triangles, \(strips.count) strip elements"]
        lines.append("surface type \(surfaceType); mesh centre \(fmt(meshCenter))")
        if let box = boundingBox { lines.append("bounds (BV mm) \(fmt(box.min)) … \(fmt(box.max))") }
        if let mtc = mtcName, !mtc.isEmpty { lines.append("linked MTC: \(mtc)") }
        if !trailer.isEmpty { lines.append("\(trailer.count) trailing bytes kept") }
        return lines.joined(separator: "\n")
    }
}

extension VOIFile: FormatDocument {
    public var formatName: String { "voi" }
    public func encodedDocument() throws -> Data { encoded() }

    public func summary() -> OrderedJSON {
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

extension POIFile: FormatDocument {
    public var formatName: String { "poi" }
    public func encodedDocument() throws -> Data { encoded() }

    public func summary() -> OrderedJSON {
        .object([
            ("format", .string("poi")),
            ("version", .int(version)),
            ("meshVertexCount", .int(meshVertexCount)),
            ("pois", .array(pois.map { poi in
                .object([
                    ("name", .string(poi.name.string)),
                    ("color", .ints([poi.color.x, poi.color.y, poi.color.z])),
                    ("vertexCount", .int(poi.vertices.count)),
                ])
            })),
        ])
    }

    public func describe() -> String {
        let mesh = fromMeshFile.isEmpty ? "" : " (\(fromMeshFile))"
        var lines = ["POI version \(version) for a \(meshVertexCount)-vertex mesh\(mesh), \(pois.count) POIs"]
        for poi in pois { lines.append("  \(poi.name): \(poi.vertices.count) vertices, colour \(poi.color.x) \(poi.color.y) \(poi.color.z)") }
        return lines.joined(separator: "\n")
    }
}
