import Foundation
import BrainFormats
import BrainAtlas

/// Builds the catalog entries: region objects with colour, curated lobe (or spanned lobes), voxel
/// count, MNI centroid and anchor; the ribbon majority only cross-checks the curated lobe.
enum CatalogAssembly {
    /// Lobe (sourceLabel of the `lobes` atlas) of each ribbon voxel and of each vertex, read from the
    /// labelled `lobes` atlas itself, so every lobe share agrees with what `where` answers.
    struct LobeMap: Sendable {
        let lobeNames: [String]
        /// Per ribbon voxel: index into `lobeNames`, or -1.
        let ribbonLobe: [Int8]
        /// Per hemisphere and vertex: index into `lobeNames`, or -1.
        let vertexLobe: [[Int8]]

        init(lobes: LabelledAtlas) {
            var names: [String] = []
            for r in lobes.regions.regions where !names.contains(r.sourceLabel) { names.append(r.sourceLabel) }
            lobeNames = names
            // Region id → lobe index (id 0, unlabelled, → -1).
            let byId = [Int8(-1)] + lobes.regions.regions.map { Int8(names.firstIndex(of: $0.sourceLabel) ?? -1) }
            ribbonLobe = (lobes.ribbonLabels ?? []).map { byId[Int($0)] }
            vertexLobe = (lobes.vertexLabels ?? []).map { $0.map { byId[Int($0)] } }
        }
    }

    /// The catalog entry of one atlas, and the regions whose ribbon-majority lobe disagrees with the table.
    static func atlasEntry(_ atlas: LabelledAtlas, lobes: LobeMap, table: LobeTable, histology: HistologyLabels,
                           files: Catalog.Files) throws -> (atlas: Catalog.Atlas, disagreements: [String]) {
        let n = atlas.regions.regions.count
        let stats = atlas.volume.statistics(regionCount: n)
        let anchors = Anchors.compute(atlas.volume, regionCount: n)
        let shares = lobeCounts(atlas, lobes: lobes)
        let name = atlas.recipe.name
        var spanned: [String: [String]] = [:]
        if table.spans(name) {
            // Summed over both sides of a sourceLabel, so a network's homologues list the same lobes.
            var summed: [String: [Int]] = [:]
            for (i, r) in atlas.regions.regions.enumerated() {
                summed[r.sourceLabel, default: [Int](repeating: 0, count: lobes.lobeNames.count)] =
                    zip(summed[r.sourceLabel] ?? [Int](repeating: 0, count: lobes.lobeNames.count), shares[i + 1]).map { $0 + $1 }
            }
            spanned = summed.mapValues { spannedLobes($0, names: lobes.lobeNames, minShare: table.spanning.minShare) }
        }
        var disagreements: [String] = []
        let regions = try atlas.regions.regions.enumerated().map { (i, r) -> Catalog.RegionEntry in
            let id = i + 1
            var lobe: String? = nil, list: [String]? = nil
            if let span = spanned[r.sourceLabel] {
                list = span
            } else {
                let curated = try table.lobe(atlas: name, sourceLabel: r.sourceLabel)
                lobe = curated
                if lobes.lobeNames.contains(curated), let (major, share) = majority(shares[id], names: lobes.lobeNames), major != curated {
                    disagreements.append("\(name): \(r.name) (\(r.hemisphere.rawValue)) is \(curated) in the table; "
                                         + "\(Int((share * 100).rounded())) % of its ribbon is \(major)")
                }
            }
            let centroid = stats[id].centroid.map { [$0.x, $0.y, $0.z].map(\.roundedToHundredths) }
            let anchor = anchors[id].map { [$0.x, $0.y, $0.z] }
            return Catalog.RegionEntry(id: id, name: r.name, sourceLabel: r.sourceLabel, hemisphere: r.hemisphere,
                                       color: atlas.colors[i], lobe: lobe, lobes: list, voxelCount: stats[id].count,
                                       centroidMni: centroid, anchorMni: anchor, caveat: r.caveat,
                                       sourceColor: atlas.sourceColors.flatMap { $0[i] == atlas.colors[i] ? nil : $0[i] },
                                       cvdColor: atlas.colorBlindColors.flatMap { $0[i] == atlas.colors[i] ? nil : $0[i] },
                                       provenance: r.provenance ?? atlas.recipe.provenance,
                                       histologyLabels: histology.labels(of: r, in: atlas.recipe))
        }
        let a = atlas.recipe
        return (Catalog.Atlas(name: a.name, title: a.title, description: a.description, source: a.source,
                              licence: a.licence, kind: a.kind, files: files, regions: regions), disagreements)
    }

    /// Per region id: ribbon voxels in each lobe; a region with no ribbon voxel counts its vertices.
    static func lobeCounts(_ atlas: LabelledAtlas, lobes: LobeMap) -> [[Int]] {
        let n = atlas.regions.regions.count
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
        return zip(ribbonCounts, vertexCounts).map { $0.0.reduce(0, +) > 0 ? $0.0 : $0.1 }
    }

    /// Lobes holding at least `minShare` of the counts, largest first (ties in recipe order).
    static func spannedLobes(_ counts: [Int], names: [String], minShare: Double) -> [String] {
        let total = counts.reduce(0, +)
        guard total > 0 else { return [] }
        return counts.indices.filter { Double(counts[$0]) >= minShare * Double(total) && counts[$0] > 0 }
            .sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }.map { names[$0] }
    }

    /// The most frequent lobe and its share; ties go to the earlier lobe in recipe order; nil when all counts are 0.
    static func majority(_ counts: [Int], names: [String]) -> (String, Double)? {
        guard let best = counts.max(), best > 0, let i = counts.firstIndex(of: best) else { return nil }
        return (names[i], Double(best) / Double(counts.reduce(0, +)))
    }

}
