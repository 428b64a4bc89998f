import BrainAtlas
import BrainFormats

/// Per-vertex region ids on the fsaverage6 meshes, straight from the annotations and labels.
enum VertexLabels {
    /// The annotation's vertex names resolved to this atlas's regions.
    ///
    /// One colour can name several structures (PALS-B12): names the atlas lists win, and a recipe
    /// `resolve` rule splits what remains by the DK gyrus under the vertex.
    static func fromAnnotation(_ annot: FreeSurferAnnotation, file: String, side: Side, regions: RegionIndex,
                               vertexCount: Int, collisions: Recipe.ColorCollisions?, dkNames: [String?]) throws -> [UInt16] {
        guard annot.vertexCount >= vertexCount else {
            throw BuildError(file: file, field: "vertex count", problem: "\(annot.vertexCount) vertices, need at least \(vertexCount)")
        }
        var byValue: [Int32: [String]] = [:]
        for e in annot.entries { byValue[e.annotationValue, default: []].append(e.name) }
        var idOfValue: [Int32: UInt16] = [:]
        var rules: [Int32: Recipe.ColorCollisions.Resolve] = [:]
        for (value, names) in byValue {
            let listed = names.filter { regions.contains($0, side.hemisphere) }
            if listed.count == 1 {
                idOfValue[value] = regions.id(listed[0], side.hemisphere)
            } else if listed.count > 1 {
                let rule = collisions?.resolve.first {
                    $0.hemisphere == side.hemisphere && Set($0.candidates) == Set(listed)
                }
                guard let rule else {
                    throw BuildError(file: file, field: "colour table", problem: "colour \(value) names \(listed.sorted()) and the recipe has no rule for it")
                }
                rules[value] = rule
            }
        }
        var out = [UInt16](repeating: 0, count: vertexCount)
        for v in 0 ..< vertexCount {
            let value = annot.vertexValues[v]
            if let id = idOfValue[value] {
                out[v] = id
            } else if let rule = rules[value] {
                let inside = dkNames[v].map { rule.insideLabels.contains($0) } ?? false
                out[v] = regions.id(inside ? rule.inside : rule.otherwise, side.hemisphere)
            }
        }
        return out
    }

    /// DK gyrus name per vertex from the fsaverage6 aparc annotation (nil where unlabelled).
    static func dkNames(_ annot: FreeSurferAnnotation, vertexCount: Int) -> [String?] {
        var byValue: [Int32: String] = [:]
        for e in annot.entries where byValue[e.annotationValue] == nil { byValue[e.annotationValue] = e.name }
        return (0 ..< min(vertexCount, annot.vertexCount)).map { byValue[annot.vertexValues[$0]] }
    }

    /// Thresholded labels: the first region listed in the recipe wins where labels overlap.
    static func fromLabels(_ labels: [(region: UInt16, label: FreeSurferLabel)], vertexCount: Int) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: vertexCount)
        for (region, label) in labels {
            for v in label.vertices where v >= 0 && v < vertexCount && out[v] == 0 { out[v] = region }
        }
        return out
    }

    /// Groups per-vertex labels of another atlas (`sourceLabel`s) into this atlas's regions.
    /// Regions are tried in recipe order; `maxMniY` limits a region to y ≤ that value.
    static func grouped(sourceLabels: [String?], y: (Int) -> Double, side: Side, regions: RegionIndex) -> [UInt16] {
        let rules = GroupRules(regions: regions, side: side)
        return sourceLabels.indices.map { v in
            guard let label = sourceLabels[v] else { return 0 }
            return rules.id(of: label, y: y(v))
        }
    }
}

/// Recipe grouping (`fromLabels`, `maxMniY`) for one hemisphere, tried in recipe order.
struct GroupRules: Sendable {
    typealias Candidate = (id: UInt16, maxY: Double?)
    private var byLabel: [String: [Candidate]] = [:]

    init(regions: RegionIndex, side: Side) {
        for (i, r) in regions.regions.enumerated() where r.hemisphere == side.hemisphere {
            for label in r.fromLabels ?? [] { byLabel[label, default: []].append((UInt16(i + 1), r.maxMniY)) }
        }
    }

    /// The regions that take `label`, in recipe order.
    func candidates(of label: String) -> [Candidate] { byLabel[label] ?? [] }

    func id(of label: String, y: Double) -> UInt16 { Self.pick(candidates(of: label), y: y) }

    /// The first candidate whose `maxMniY` admits `y`; 0 when none does.
    static func pick(_ candidates: [Candidate], y: Double) -> UInt16 {
        for c in candidates where c.maxY.map({ y <= $0 }) ?? true { return c.id }
        return 0
    }
}
