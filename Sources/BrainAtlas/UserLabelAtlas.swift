import BrainFormats
import Foundation

/// A researcher's own atlas: a label image (NIfTI, one whole number per voxel, in MNI or Talairach space) and the
/// table naming its values (`LabelTable`), placed on the template's 256³ grid so every command that looks regions
/// up (`where`, `clusters`, `report`, `slice`, `serve`) can use it beside the bundled atlases.
public enum UserLabelAtlas {
    /// `library` with the atlas of `image` and `table` added (the bundled atlases first).
    public static func adding(image: String, table: String, to library: AtlasLibrary) throws -> AtlasLibrary {
        let (atlas, entry) = try load(image: image, table: table, taken: Set(library.atlasNames))
        return library.adding(atlas, entry: entry)
    }

    /// Reads `image` and `table`; the atlas is named after the image (lower case, `-user` added if a bundled atlas
    /// has the name). Refused: images in scanner or unknown space, 4-D images, voxels outside 0.1…10 mm, values the
    /// table does not name, and images that place no label on the template.
    public static func load(image path: String, table tablePath: String, taken: Set<String> = []) throws -> (atlas: Atlas, entry: Catalog.Atlas) {
        let url = URL(fileURLWithPath: path)
        let file = url.lastPathComponent
        func fail(_ field: String, _ problem: String) -> AtlasError { .badArgument("--atlas-file: \(file) \(field)", problem: problem) }
        guard FormatRegistry.formatExtension(of: url) == "nii" else {
            throw AtlasError.badArgument("--atlas-file", problem: "\(file) is not a NIfTI label image (.nii or .nii.gz)")
        }
        let image = try NIfTIFile(contentsOf: url)
        guard image.dims.dropFirst(3).allSatisfy({ $0 == 1 }) else {
            throw fail("dim", "is \(image.dims.map(String.init).joined(separator: " × ")): a label atlas is one 3-D image (a 4-D probabilistic atlas needs its maximum-probability labels)")
        }
        guard let space = image.stereotaxicSpace else {
            let code = image.affineSource == .sform ? image.sformCode : image.qformCode
            throw fail("\(image.affineSource.rawValue)_code", "is \(code) (\(code == 1 ? "scanner" : "unknown") space): an atlas must be in MNI "
                       + "(code 2, 4 or 5) or Talairach (code 3) space to be looked up with the template")
        }
        let edges = (0..<3).map { c in (0..<3).reduce(0.0) { $0 + image.affine[$1][c] * image.affine[$1][c] }.squareRoot() }
        guard edges.allSatisfy({ (0.1...10).contains($0) }) else {
            throw fail("affine", "gives voxel edges of \(edges.map { String(format: "%.3g", $0) }.joined(separator: ", ")) mm, outside 0.1…10 mm")
        }
        let table = try LabelTable.read(tablePath)
        let sampled = try sample(image, space: space)
        // Region ids 1…N in table order, for the values the template grid holds.
        // The frame holds 16.7 million voxels, nearly all 0: one pass over the raw values finds the labelled ones,
        // and only those are counted and renumbered.
        var counts: [Int32: Int] = [:]
        var labelled: [Int] = []
        sampled.withUnsafeBufferPointer { values in
            var i = 0
            while i < values.count {
                if values[i] != 0 {
                    labelled.append(i)
                    counts[values[i], default: 0] += 1
                }
                i += 1
            }
        }
        guard !counts.isEmpty else { throw fail("affine", "places no labelled voxel inside the template's 256 mm cube: check its space") }
        let named = Dictionary(uniqueKeysWithValues: table.rows.map { ($0.value, $0) })
        if let missing = counts.keys.sorted().first(where: { named[Int($0)] == nil }) {
            throw AtlasError.badArgument("--atlas-table", problem: "\(URL(fileURLWithPath: tablePath).lastPathComponent) does not name label \(missing) of \(file)")
        }
        let used = table.rows.filter { counts[Int32($0.value)] != nil }
        guard used.count < Int(UInt16.max) else { throw fail("labels", "\(used.count) labels exceed 65534") }
        let id = Dictionary(uniqueKeysWithValues: used.enumerated().map { (Int32($0.element.value), UInt16($0.offset + 1)) })
        var labels = [UInt16](repeating: 0, count: sampled.count)
        for i in labelled { labels[i] = id[sampled[i]] ?? 0 }
        var name = UserAtlasSet.baseName(url).lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.reduce("") { $0 + String($1) }
        if taken.contains(name) { name += "-user" }
        let regions = used.enumerated().map { n, row in
            let (label, side) = splitSide(row.name)
            return Catalog.RegionEntry(id: n + 1, name: label, sourceLabel: row.name, hemisphere: side,
                                       color: row.color ?? UserAtlasSet.fallbackColor(n), lobe: nil, voxelCount: counts[Int32(row.value)] ?? 0)
        }
        let entry = Catalog.Atlas(name: name, title: file, description: "labels of \(file), named by \(URL(fileURLWithPath: tablePath).lastPathComponent)",
                                  source: url.path, licence: "user file", kind: .user, files: Catalog.Files(), regions: regions)
        return (Atlas(entry: entry, labels: try LabelVolume(frameLabels: labels, source: url.path), surfaces: [:]), entry)
    }

    /// Label tables spell the side as FreeSurfer (`Left-Amygdala`), Harvard-Oxford (`Left Amygdala`), AAL
    /// (`Amygdala_L`) or BrainVoyager (`Amygdala (left)`) do.
    static func splitSide(_ name: String) -> (String, Hemisphere) {
        for (prefix, side) in [("Left-", Hemisphere.left), ("Right-", .right), ("Left ", .left), ("Right ", .right),
                               ("L_", .left), ("R_", .right)] where name.hasPrefix(prefix) && name.count > prefix.count {
            return (String(name.dropFirst(prefix.count)), side)
        }
        return UserAtlasSet.splitSide(name)
    }

    /// The image's label at every voxel of the 256³ template frame (nearest voxel; 0 outside the image).
    static func sample(_ image: NIfTIFile, space: ReferenceSpace) throws -> [Int32] {
        if space != .talairach { return try NIfTIResampling.sampleNearest(image) }
        // Talairach labels: each template voxel's MNI point goes to Talairach before the image's voxel is taken.
        let values = try image.integerValues()
        let a = image.affine
        let det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        guard abs(det) > 1e-9 else { throw AtlasError.badArgument("--atlas-file: \(image.fileName) affine", problem: "is singular") }
        // Rows of the inverse 3×3, then the translation.
        var inv = [[Double]](repeating: [0, 0, 0], count: 3)
        for r in 0..<3 { for c in 0..<3 {
            let (r1, r2, c1, c2) = ((c + 1) % 3, (c + 2) % 3, (r + 1) % 3, (r + 2) % 3)
            inv[r][c] = (a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1]) / det
        } }
        let (nx, ny, nz) = (image.dims[0], image.dims[1], image.dims[2])
        let n = CanonicalFrame.size
        var out = [Int32](repeating: 0, count: n * n * n)
        for index in 0..<out.count {
            let t = Talairach.talairach(fromMNI: CanonicalFrame.mni(index))
            let d = SIMD3(t.x - a[0][3], t.y - a[1][3], t.z - a[2][3])
            let i = Int((inv[0][0] * d.x + inv[0][1] * d.y + inv[0][2] * d.z).rounded(.toNearestOrAwayFromZero))
            let j = Int((inv[1][0] * d.x + inv[1][1] * d.y + inv[1][2] * d.z).rounded(.toNearestOrAwayFromZero))
            let k = Int((inv[2][0] * d.x + inv[2][1] * d.y + inv[2][2] * d.z).rounded(.toNearestOrAwayFromZero))
            if i >= 0, j >= 0, k >= 0, i < nx, j < ny, k < nz { out[index] = values[i + nx * (j + ny * k)] }
        }
        return out
    }
}

extension AtlasLibrary {
    /// This library with `atlas` added after its own (a user's label atlas beside the bundled ones).
    public func adding(_ atlas: Atlas, entry: Catalog.Atlas) -> AtlasLibrary {
        AtlasLibrary(catalog: Catalog(formatVersion: catalog.formatVersion, space: catalog.space, template: catalog.template,
                                      meshes: catalog.meshes, atlases: catalog.atlases + [entry]),
                     atlases: atlases + [atlas], root: root, grid: grid)
    }
}
