import BrainAtlas
import Foundation

/// How well each area lies on the gyri its rule names: share of its fsaverage6 vertices on them, and
/// the distance from its centroid to theirs. `landmarks` areas below `minimumShare` fail the build.
public struct AreaOverlap: Codable, Sendable {
    /// The smallest share of a landmark area's surface that must lie on its rule's gyri.
    public static let minimumShare = 0.8

    /// One area on one side.
    public struct Row: Codable, Sendable {
        public var atlas: String
        public var area: String
        public var hemisphere: Hemisphere
        public var kind: String
        public var gyri: [String]
        public var vertices: Int
        /// Share of the area's vertices on its gyri in this build.
        public var share: Double
        /// The same share for the raw PALS-B12 area of that name, where there is one.
        public var palsShare: Double?
        /// Centroid of the area to centroid of its gyri, mm.
        public var distanceMm: Double
    }

    public var rows: [Row]

    /// Rows of `atlas` (vertex labels per side) against the DK and Destrieux names per vertex.
    static func measure(_ atlas: LabelledAtlas, destrieux: [[String?]], sources: SourceData,
                        pals: LabelledAtlas?) -> [Row] {
        guard let labels = atlas.vertexLabels else { return [] }
        var rows: [Row] = []
        for (i, r) in atlas.regions.regions.enumerated() {
            guard let gyri = r.gyri, !gyri.isEmpty else { continue }
            let s = r.hemisphere == .left ? 0 : 1
            let h = sources.hemis[s]
            let onGyri = { (v: Int) -> Bool in
                (h.dkNames[v].map(gyri.contains) ?? false) || (destrieux[s][v].map(gyri.contains) ?? false)
            }
            let members = labels[s].indices.filter { labels[s][$0] == UInt16(i + 1) }
            let landmark = h.mid.indices.filter(onGyri)
            let share = members.isEmpty ? 0 : Double(members.filter(onGyri).count) / Double(members.count)
            var palsShare: Double? = nil
            if let pals, let pl = pals.vertexLabels {
                let id = pals.regions.id(r.sourceLabel, r.hemisphere)
                let pm = id == 0 ? [] : pl[s].indices.filter { pl[s][$0] == id }
                if !pm.isEmpty { palsShare = Double(pm.filter(onGyri).count) / Double(pm.count) }
            }
            let kind = (r.provenance ?? atlas.recipe.provenance)?.kind.rawValue ?? "-"
            rows.append(Row(atlas: atlas.recipe.name, area: r.name, hemisphere: r.hemisphere, kind: kind, gyri: gyri,
                            vertices: members.count, share: share, palsShare: palsShare,
                            distanceMm: distance(centroid(members, h.mid), point(r) ?? centroid(landmark, h.mid))))
        }
        return rows
    }

    /// The region's own landmark point, mirrored onto its side.
    static func point(_ r: Recipe.RegionRecipe) -> SIMD3<Double>? {
        guard let p = r.landmark, p.count == 3 else { return nil }
        return SIMD3(r.hemisphere == .left ? -p[0] : p[0], p[1], p[2])
    }

    static func centroid(_ vertices: [Int], _ mid: [SIMD3<Float>]) -> SIMD3<Double>? {
        guard !vertices.isEmpty else { return nil }
        var sum = SIMD3<Double>(0, 0, 0)
        for v in vertices { sum += SIMD3<Double>(Double(mid[v].x), Double(mid[v].y), Double(mid[v].z)) }
        return sum / Double(vertices.count)
    }

    static func distance(_ a: SIMD3<Double>?, _ b: SIMD3<Double>?) -> Double {
        guard let a, let b else { return .nan }
        let d = a - b
        return ((d * d).sum()).squareRoot()
    }

    /// Landmark areas whose share is below the minimum (empty areas are reported elsewhere).
    var failures: [Row] { rows.filter { $0.kind == Provenance.Kind.landmarks.rawValue && $0.vertices > 0 && $0.share < Self.minimumShare } }

    /// The table as Markdown, for `docs/AREA-OVERLAP.md`.
    public func markdown() -> String {
        func pct(_ v: Double?) -> String { v.map { "\(Int(($0 * 100).rounded())) %" } ?? "–" }
        var lines = ["# Area overlap with the gyri of each rule", "",
                     "Written by `braintutor build-atlas --overlap-table docs/AREA-OVERLAP.md`; do not edit by hand.", "",
                     "For every Brodmann and functional area: the share of its fsaverage6 vertices that lie on the",
                     "gyri (Desikan-Killiany or Destrieux parcels) its rule names, the same share for the PALS-B12",
                     "area of that name where one exists (the map used before), and the distance from the area's",
                     "centroid to its landmark point where the rule names one, else to the centroid of those gyri. The build fails when an area with `landmarks`",
                     "provenance has less than \(Int(Self.minimumShare * 100)) % of its surface on its gyri.", "",
                     "| atlas | area | side | provenance | gyri | vertices | on gyri | PALS-B12 on gyri | distance (mm) |",
                     "|---|---|---|---|---|---|---|---|---|"]
        for r in rows {
            let d = r.distanceMm.isNaN ? "–" : String(format: "%.1f", r.distanceMm)
            lines.append("| \(r.atlas) | \(r.area) | \(r.hemisphere.rawValue) | \(r.kind) | \(r.gyri.joined(separator: ", ")) | \(r.vertices) | \(pct(r.share)) | \(pct(r.palsShare)) | \(d) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
