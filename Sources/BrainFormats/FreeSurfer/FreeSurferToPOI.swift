import Foundation

/// `convert lh.aparc.annot lh.aparc.poi` and `convert lh.V1.label lh.V1.poi --mesh-vertices N`:
/// FreeSurfer surface labels as BrainVoyager POIs (0-based vertex indices on the same mesh).
///
/// A POI must name its mesh's vertex count. An annotation stores it (one value per vertex); a label
/// does not (it lists only its own vertices, and max index + 1 would silently give the wrong count),
/// so label conversion requires `meshVertexCount` (`--mesh-vertices`: 163842 for fsaverage,
/// 40962 for fsaverage6).
public enum FreeSurferToPOI {
    /// Colour of a POI made from a label, which stores none (FreeSurfer's viewers draw labels yellow).
    public static let labelColor: SIMD3<UInt8> = [255, 255, 0]

    /// The largest mesh a POI may claim (`--mesh-vertices`): 2²⁴, far above any cortical surface
    /// (fsaverage has 163842 vertices per hemisphere), far below a count that is a typo.
    public static let maxMeshVertices = 1 << 24

    /// Refuses a vertex count no mesh has, naming the option it came from.
    static func checkMeshVertexCount(_ n: Int, file: String) throws {
        guard (1...maxMeshVertices).contains(n) else {
            throw FormatError(file: file, field: "mesh vertex count",
                              message: "--mesh-vertices \(n) must be 1…\(maxMeshVertices)")
        }
    }

    /// One POI per colour-table entry that has vertices, in table order, vertices ascending; the anchor
    /// (`LabelVertex`) is the entry's first vertex, as an annotation has no positions. Vertices whose value
    /// is in no entry belong to no POI.
    public static func poi(from annotation: FreeSurferAnnotation, meshVertexCount: Int? = nil,
                           name: String = "annotation") throws -> POIFile {
        let n = annotation.vertexCount
        if let given = meshVertexCount { try checkMeshVertexCount(given, file: name) }
        if let given = meshVertexCount, given != n {
            throw FormatError(file: name, field: "vertex count",
                              message: "the annotation covers \(n) vertices but --mesh-vertices says \(given)")
        }
        if annotation.entries.isEmpty { return poiWithoutColorTable(annotation) }
        var members = [[Int32]](repeating: [], count: annotation.entries.count)
        for (v, k) in annotation.entryPositions().enumerated() where k >= 0 { members[k].append(Int32(v)) }
        var pois: [POI] = []
        for (entry, vertices) in zip(annotation.entries, members) where !vertices.isEmpty {
            guard entry.color.count == 3 else {
                throw FormatError(file: name, field: "colour table entry \(entry.name)", message: "\(entry.color.count) colour components, expected 3")
            }
            let c = entry.color.map { UInt8(clamping: $0) }
            pois.append(POI(name: poiText(entry.name), color: SIMD3(c[0], c[1], c[2]), vertices: vertices,
                            labelVertex: vertices[0]))
        }
        return POIFile(meshVertexCount: n, fromMeshFile: "", pois: pois)
    }

    /// An annotation without its colour table still labels its vertices: one POI per value (in
    /// ascending order), named after the value and coloured by it (FreeSurfer packs R, G and B into
    /// the value), so no label is dropped. Values 0 and −1 mean "unlabelled".
    static func poiWithoutColorTable(_ annotation: FreeSurferAnnotation) -> POIFile {
        var members: [Int32: [Int32]] = [:]
        for (v, value) in annotation.vertexValues.enumerated() where value != 0 && value != -1 {
            members[value, default: []].append(Int32(v))
        }
        let pois = members.keys.sorted().map { value in
            let vertices = members[value]!
            let rgb = SIMD3(UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF))
            return POI(name: RawString("annotation value \(value)"), color: rgb, vertices: vertices, labelVertex: vertices[0])
        }
        return POIFile(meshVertexCount: annotation.vertexCount, fromMeshFile: "", pois: pois)
    }

    /// One POI named after the file (`lh.BA4a_exvivo.thresh.label` → `BA4a_exvivo.thresh`), in
    /// `labelColor`, with the label's vertices in file order (repeats dropped); the anchor is the listed
    /// vertex nearest the label's mean position.
    public static func poi(from label: FreeSurferLabel, meshVertexCount: Int?, name: String) throws -> POIFile {
        guard let n = meshVertexCount else {
            throw FormatError(file: name, field: "mesh vertex count",
                              message: "a label does not store its mesh's vertex count; give it with --mesh-vertices N "
                                  + "(163842 for fsaverage, 40962 for fsaverage6)")
        }
        try checkMeshVertexCount(n, file: name)
        var seen = Set<Int>()
        var vertices: [Int32] = []
        var positions: [SIMD3<Float>] = []
        vertices.reserveCapacity(label.vertexCount)
        for (k, v) in label.vertices.enumerated() {
            guard v < n else {
                throw FormatError(file: name, field: "vertex \(k + 1)",
                                  message: "vertex number \(v) outside 0…\(n - 1) (--mesh-vertices \(n))")
            }
            guard seen.insert(v).inserted else { continue }
            vertices.append(Int32(v))
            positions.append(label.positions[k])
        }
        var anchor: Int32?
        if !positions.isEmpty {
            let mean = positions.reduce(SIMD3<Float>.zero, +) / Float(positions.count)
            let nearest = positions.indices.min { ((positions[$0] - mean) * (positions[$0] - mean)).sum()
                < ((positions[$1] - mean) * (positions[$1] - mean)).sum() }!
            anchor = vertices[nearest]
        }
        let poi = POI(name: poiText(poiName(fromLabelFile: name)), color: labelColor, vertices: vertices,
                      labelVertex: anchor ?? Int32(POI.noLabelVertex))
        return POIFile(meshVertexCount: n, fromMeshFile: "", pois: [poi])
    }

    /// A name as POI text can hold it: a POI name is one line, so control characters (a line feed in a
    /// hostile colour table, say) become spaces.
    static func poiText(_ name: String) -> RawString {
        var scalars = String.UnicodeScalarView()
        for u in name.unicodeScalars { scalars.append(u.value < 0x20 || u.value == 0x7F ? " " : u) }
        return RawString(String(scalars))
    }

    /// `lh.BA4a_exvivo.thresh.label(.gz)` → `BA4a_exvivo.thresh`.
    public static func poiName(fromLabelFile file: String) -> String {
        var s = file
        for suffix in [".gz", ".label"] where s.lowercased().hasSuffix(suffix) { s = String(s.dropLast(suffix.count)) }
        for prefix in ["lh.", "rh."] where s.hasPrefix(prefix) && s.count > prefix.count { s = String(s.dropFirst(prefix.count)) }
        return s.isEmpty ? "label" : s
    }
}

extension FormatConverter {
    /// FreeSurfer annotation → POI (one POI per label with vertices).
    public static let freesurferAnnotationToPOI = FormatConverter(from: "freesurfer-annot", to: "poi") { doc, options in
        guard let annotation = doc as? FreeSurferAnnotation else {
            throw FormatError(file: options.sourceFileName, field: "convert", message: "not a FreeSurfer annotation")
        }
        return try FreeSurferToPOI.poi(from: annotation, meshVertexCount: options.meshVertexCount, name: options.sourceFileName)
    }

    /// FreeSurfer label → POI (needs `ConversionOptions.meshVertexCount`).
    public static let freesurferLabelToPOI = FormatConverter(from: "freesurfer-label", to: "poi") { doc, options in
        guard let label = doc as? FreeSurferLabel else {
            throw FormatError(file: options.sourceFileName, field: "convert", message: "not a FreeSurfer label")
        }
        return try FreeSurferToPOI.poi(from: label, meshVertexCount: options.meshVertexCount, name: options.sourceFileName)
    }
}
