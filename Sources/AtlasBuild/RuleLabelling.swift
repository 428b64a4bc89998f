import BrainAtlas
import BrainFormats

/// Labels a `rules` atlas on the fsaverage6 vertices: histology clauses of every region first,
/// then landmark clauses, then fill clauses, each pass in recipe order; the first matching region wins.
struct RuleLabelling {
    /// The per-vertex layers of one hemisphere that clauses test.
    struct Layers: Sendable {
        var destrieux: [String?]
        var pals: [String?]
        var exvivo: [[String]]
    }

    let sources: SourceData

    /// Reads the Destrieux, PALS and ex vivo layers of side `s` that `regions` name.
    func layers(_ spec: Recipe.RuleLayers, regions: [Recipe.RegionRecipe], side s: Side) throws -> Layers {
        let n = sources.hemis[s.rawValue].vertexCount
        func names(_ template: String) throws -> [String?] {
            let rel = s.path(template)
            let annot = try FreeSurferAnnotation(contentsOf: sources.root.appendingPathComponent(rel))
            guard annot.vertexCount >= n else {
                throw BuildError(file: rel, field: "vertex count", problem: "\(annot.vertexCount) vertices, need at least \(n)")
            }
            return VertexLabels.dkNames(annot, vertexCount: n)
        }
        var exvivo = [[String]](repeating: [], count: n)
        let wanted = Set(regions.flatMap { ($0.rules ?? []).flatMap { $0.exvivo ?? [] } })
        for name in wanted.sorted() {
            let rel = s.path(spec.exvivo).replacingOccurrences(of: "{label}", with: name)
            let label = try FreeSurferLabel(contentsOf: sources.root.appendingPathComponent(rel))
            for v in label.vertices where v >= 0 && v < n { exvivo[v].append(name) }
        }
        return Layers(destrieux: try names(spec.destrieux), pals: try names(spec.pals), exvivo: exvivo)
    }

    /// One region id per vertex of side `s`; `base` gives the `of` layer (sourceLabels of another
    /// atlas), `lobes` the lobe of each vertex.
    func label(regions: RegionIndex, layers: Layers, base: [String?]?, lobes: [String?]?, side s: Side) -> [UInt16] {
        let h = sources.hemis[s.rawValue]
        var ordered: [(UInt16, RuleClause)] = []
        for pass in 0 ..< 3 {
            for (i, r) in regions.regions.enumerated() where r.hemisphere == s.hemisphere {
                for c in r.rules ?? [] where c.pass == pass { ordered.append((UInt16(i + 1), c)) }
            }
        }
        return (0 ..< h.vertexCount).map { v in
            guard h.dkNames[v] != nil else { return 0 }
            let vertex = RuleVertex(dk: h.dkNames[v], destrieux: layers.destrieux[v], pals: layers.pals[v], of: base?[v], lobe: lobes?[v],
                                    exvivo: Set(layers.exvivo[v]), position: h.mid[v], left: s == .left)
            return ordered.first { $0.1.matches(vertex) }?.0 ?? 0
        }
    }
}
