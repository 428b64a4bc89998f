import Foundation
import BrainAtlas

/// Region colours that tell touching regions apart, derived at build time where the source
/// colours fail. Regions sharing a sourceLabel (left and right homologues) share a colour. Colours
/// are chosen greedily, most-connected region first, each the candidate farthest (up to a cap) from
/// its already coloured neighbours, ties going to the candidate nearest the source colour, so
/// recognisable hues survive wherever they do not collide. Same inputs, same colours.
public enum Palette {
    /// How an atlas's colours are made (the recipe's `palette`).
    public enum Mode: String, Codable, Sendable {
        /// A new colour for every region: touching regions at least `distinctTarget` apart.
        case distinct
        /// Shades of each region's own source hue (its network's): lighter, darker, more or less
        /// saturated, so networks still read at a glance while touching parcels differ.
        case networkShades = "network-shades"
    }

    /// ΔE every touching pair of a `distinct` atlas reaches.
    static let distinctTarget = 15.0
    /// ΔE that counts a touching pair as distinct in the report (and for `network-shades`).
    static let pairTarget = 10.0
    /// No colour comes nearer than this to the background, the unlabelled grey or black.
    static let surroundingsMargin = 12.0
    /// Below this chroma a colour reads as grey: a hole or unlabelled cortex.
    static let minimumChroma = 10.0

    /// Candidate colours of `distinct` atlases (and for replacing a failing source colour): an
    /// L*a*b* grid inside sRGB, chromatic and away from the surroundings.
    static let distinctCandidates: [CIELab] = {
        var out: [CIELab] = []
        for l in stride(from: 35.0, through: 85, by: 7.5) {
            for a in stride(from: -80.0, through: 80, by: 10) {
                for b in stride(from: -80.0, through: 80, by: 10) {
                    let c = CIELab(l: l, a: a, b: b)
                    if let rgb = c.rgb, acceptable(CIELab(rgb)) { out.append(CIELab(rgb)) }
                }
            }
        }
        return out
    }()

    static func acceptable(_ c: CIELab) -> Bool {
        c.chroma >= minimumChroma && ColourContrast.surroundings.allSatisfy { c.distance($0) >= surroundingsMargin }
    }

    /// New colours (index = region id − 1). Without a mode only the colours that fail on their own
    /// (grey, or near the background, the unlabelled grey or black) are replaced.
    static func derive(colors: [RGB], regions: [Recipe.RegionRecipe], adjacency: RegionAdjacency, mode: Mode?) -> [RGB] {
        var keys: [String] = [], keyOf: [Int] = [], index: [String: Int] = [:]
        for r in regions {
            if index[r.sourceLabel] == nil { index[r.sourceLabel] = keys.count; keys.append(r.sourceLabel) }
            keyOf.append(index[r.sourceLabel]!)
        }
        var source = [CIELab?](repeating: nil, count: keys.count)
        for (i, c) in colors.enumerated() where source[keyOf[i]] == nil { source[keyOf[i]] = CIELab(c) }
        var neighbours = [Set<Int>](repeating: [], count: keys.count)
        for p in adjacency.pairs {
            let a = keyOf[p.low - 1], b = keyOf[p.high - 1]
            if a != b { neighbours[a].insert(b); neighbours[b].insert(a) }
        }
        let recolour = Set(keys.indices.filter { mode != nil || !acceptable(source[$0]!) })
        var assigned = [CIELab?](repeating: nil, count: keys.count)
        for k in keys.indices where !recolour.contains(k) { assigned[k] = source[k] }
        let cap = mode == .networkShades ? pairTarget + 6 : distinctTarget * 2
        let order = recolour.sorted { (neighbours[$0].count, keys[$1]) > (neighbours[$1].count, keys[$0]) }
        for k in order {
            let candidates = mode == .networkShades ? shades(of: source[k]!) : distinctCandidates
            var best = source[k]!, bestScore = -Double.infinity
            for c in candidates {
                var nearest = cap
                for n in neighbours[k] { if let other = assigned[n] { nearest = min(nearest, c.distance(other)) } }
                let score = nearest * 1000 - c.distance(source[k]!)
                if score > bestScore { bestScore = score; best = c }
            }
            assigned[k] = best
        }
        return colors.indices.map { i in
            let k = keyOf[i]
            return recolour.contains(k) ? assigned[k]!.rgb ?? colors[i] : colors[i]
        }
    }

    /// Lighter, darker, more and less saturated versions of `c`, hue within ±16°.
    static func shades(of c: CIELab) -> [CIELab] {
        let hue = atan2(c.b, c.a), chroma = max(c.chroma, 25)
        var out: [CIELab] = []
        for dl in stride(from: -27.0, through: 27, by: 4.5) {
            for scale in [0.6, 0.8, 1.0, 1.2, 1.4] {
                for dh in [-16.0, -8, 0, 8, 16] {
                    let h = hue + dh * .pi / 180
                    let candidate = CIELab(l: c.l + dl, a: chroma * scale * cos(h), b: chroma * scale * sin(h))
                    if let rgb = candidate.rgb, acceptable(CIELab(rgb)) { out.append(CIELab(rgb)) }
                }
            }
        }
        return out.isEmpty ? [c] : out
    }
}
