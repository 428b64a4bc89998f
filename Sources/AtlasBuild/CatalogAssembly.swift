import Foundation
import BrainAtlas

/// Builds the catalog entries: region objects with colour, lobe, voxel count and MNI centroid.
enum CatalogAssembly {
    /// Lobe (sourceLabel of the `lobes` atlas) of each ribbon voxel and of each vertex, from the DK grouping.
    struct LobeMap: Sendable {
        let lobeNames: [String]
        /// Per ribbon voxel: index into `lobeNames`, or -1.
        let ribbonLobe: [Int8]
        /// Per hemisphere and vertex: index into `lobeNames`, or -1.
        let vertexLobe: [[Int8]]

        init(lobes: Recipe.AtlasRecipe, ribbon: Ribbon, gyrusNames: [String], dkNames: [[String?]]) {
            var names: [String] = [], lobeOfGyrus: [String: Int8] = [:]
            for r in lobes.regions where r.hemisphere == .left {
                names.append(r.sourceLabel)
                for g in r.fromLabels ?? [] { lobeOfGyrus[g] = Int8(names.count - 1) }
            }
            lobeNames = names
            let byGyrus = gyrusNames.map { lobeOfGyrus[$0] ?? -1 }
            ribbonLobe = ribbon.gyrus.map { byGyrus[Int($0)] }
            vertexLobe = dkNames.map { $0.map { $0.flatMap { lobeOfGyrus[$0] } ?? -1 } }
        }
    }

    static func atlasEntry(_ atlas: LabelledAtlas, lobes: LobeMap, files: Catalog.Files) -> Catalog.Atlas {
        let n = atlas.regions.regions.count
        let stats = atlas.volume.statistics(regionCount: n)
        var ribbonCounts = [[Int]](repeating: [Int](repeating: 0, count: lobes.lobeNames.count), count: n + 1)
        if let labels = atlas.ribbonLabels {
            for (i, l) in labels.enumerated() where l != 0 && lobes.ribbonLobe[i] >= 0 {
                ribbonCounts[Int(l)][Int(lobes.ribbonLobe[i])] += 1
            }
        }
        var vertexCounts = [[Int]](repeating: [Int](repeating: 0, count: lobes.lobeNames.count), count: n + 1)
        if let vl = atlas.vertexLabels {
            for (h, labels) in vl.enumerated() {
                for (v, l) in labels.enumerated() where l != 0 && lobes.vertexLobe[h][v] >= 0 {
                    vertexCounts[Int(l)][Int(lobes.vertexLobe[h][v])] += 1
                }
            }
        }
        let regions = atlas.regions.regions.enumerated().map { (i, r) -> Catalog.RegionEntry in
            let id = i + 1
            var lobe: String? = nil
            if atlas.recipe.method == .dkGroups {
                lobe = r.sourceLabel
            } else if atlas.recipe.kind == "cortical" {
                // Majority of ribbon voxels; a region with no voxel falls back to its vertices.
                lobe = majority(ribbonCounts[id], names: lobes.lobeNames) ?? majority(vertexCounts[id], names: lobes.lobeNames)
            }
            let centroid = stats[id].centroid.map { [round2($0.x), round2($0.y), round2($0.z)] }
            return Catalog.RegionEntry(id: id, name: r.name, sourceLabel: r.sourceLabel, hemisphere: r.hemisphere,
                                       color: atlas.colors[i], lobe: lobe, voxelCount: stats[id].count, centroidMni: centroid,
                                       sourceColor: atlas.sourceColors.flatMap { $0[i] == atlas.colors[i] ? nil : $0[i] })
        }
        let a = atlas.recipe
        return Catalog.Atlas(name: a.name, title: a.title, description: a.description, source: a.source,
                             licence: a.licence, kind: a.kind, files: files, regions: regions)
    }

    /// The most frequent lobe; ties go to the earlier lobe in recipe order; nil when all counts are 0.
    static func majority(_ counts: [Int], names: [String]) -> String? {
        guard let best = counts.max(), best > 0, let i = counts.firstIndex(of: best) else { return nil }
        return names[i]
    }

    static func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
}
