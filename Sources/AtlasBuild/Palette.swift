import Foundation
import BrainAtlas

/// Region colours that tell apart the regions seen together, derived at build time where the
/// source colours fail. Regions sharing a sourceLabel (left and right homologues) share a colour.
/// `PaletteSearch` recolours as few regions as it can, each to the candidate nearest its source
/// colour that meets its rules, so recognisable hues survive wherever they do not collide. Same
/// inputs, same colours.
public enum Palette {
    /// How an atlas's colours are made (the recipe's `palette`; nil: the source colours, changed
    /// only where they fail the rules).
    public enum Mode: String, Codable, Sendable {
        /// A new colour for every region.
        case distinct
        /// Shades of each region's own source hue (its network's): lighter, darker, more or less
        /// saturated, so networks still read at a glance while touching parcels differ.
        case networkShades = "network-shades"
        /// The source colours kept (only those that fail on their own replaced): network atlases
        /// whose colours are a published convention.
        case source
    }

    /// ΔE between regions seen together in a preset view.
    static let coVisibleTarget = 15.0
    /// ΔE between regions that touch.
    static let touchingTarget = 30.0
    /// ΔE between touching parcels of `network-shades` atlases, and the report's share threshold.
    static let pairTarget = 10.0
    /// ΔE under each simulated dichromacy between touching regions in the colour-blind palette.
    static let simulatedTarget = 15.0
    /// ΔE under each simulated dichromacy between regions of the colour-blind palette seen together
    /// in a preset view (folding puts regions side by side on screen that share no mesh edge).
    static let simulatedCoVisibleTarget = 12.0
    /// No colour comes nearer than this to the background, the unlabelled grey or black.
    static let surroundingsMargin = 12.0
    /// Below this chroma a colour reads as grey: a hole or unlabelled cortex.
    static let minimumChroma = 10.0

    /// Candidate colours (and replacements for a failing source colour): an L*a*b* grid inside
    /// sRGB, chromatic and away from the surroundings.
    static let distinctCandidates: [SeenColor] = {
        var out: [SeenColor] = []
        for l in stride(from: 35.0, through: 85, by: 7.5) {
            for a in stride(from: -80.0, through: 80, by: 10) {
                for b in stride(from: -80.0, through: 80, by: 10) {
                    if let rgb = CIELab(l: l, a: a, b: b).rgb, acceptable(CIELab(rgb)) { out.append(SeenColor(rgb)) }
                }
            }
        }
        return out
    }()

    static func acceptable(_ c: CIELab) -> Bool {
        c.chroma >= minimumChroma && ColorContrast.surroundings.allSatisfy { c.distance($0) >= surroundingsMargin }
    }

    /// ΔE under each simulated dichromacy between touching parcels of the colour-blind palette of
    /// a `network-shades` atlas: shades of one hue differ mainly in lightness, which leaves too few
    /// steps of 15 for hundreds of parcels with five or six neighbours each.
    static let simulatedShadesTarget = 12.0

    /// The rule between touching regions: the search aims at it and the build checks it.
    static func touchingRule(colorBlind: Bool, mode: Mode?) -> PairRule {
        if colorBlind {
            return PairRule(normal: coVisibleTarget, simulated: mode == .networkShades ? simulatedShadesTarget : simulatedTarget)
        }
        return mode == .networkShades ? PairRule(normal: pairTarget + 6) : PairRule(normal: touchingTarget)
    }

    /// The rule between regions seen together in a view, or nil where the palette has none: shades
    /// of a network (hundreds of parcels per view in a handful of hues; the legend names networks)
    /// and the published colours a `source` atlas keeps.
    static func coVisibleRule(colorBlind: Bool, mode: Mode?) -> PairRule? {
        mode == .networkShades || mode == .source ? nil : PairRule(normal: coVisibleTarget)
    }

    /// The colour-blind palette's rule between regions seen side by side in a view (folding
    /// included): `simulatedCoVisibleTarget` under each simulation. Network shades have none (their
    /// rule is the touching one); the default palettes keep their own rules.
    static func sideBySideRule(colorBlind: Bool, mode: Mode?) -> PairRule? {
        colorBlind && mode != .networkShades ? PairRule(normal: 0, simulated: simulatedCoVisibleTarget) : nil
    }

    /// The rule a pair must keep: the strictest of the rules of the relations it is in.
    static func rule(touching: Bool, sideBySide: Bool, coVisible: Bool, colorBlind: Bool, mode: Mode?) -> PairRule? {
        var rules: [PairRule] = []
        if touching { rules.append(touchingRule(colorBlind: colorBlind, mode: mode)) }
        if sideBySide, let r = sideBySideRule(colorBlind: colorBlind, mode: mode) { rules.append(r) }
        if coVisible, let r = coVisibleRule(colorBlind: colorBlind, mode: mode) { rules.append(r) }
        guard !rules.isEmpty else { return nil }
        return PairRule(normal: rules.map(\.normal).max()!, simulated: rules.map(\.simulated).max()!)
    }

    /// Which pairs an atlas must tell apart, by region id.
    struct Pairs: Sendable {
        var touching: RegionAdjacency
        /// Seen together in a preset view (touching ones included or not); empty: not measured.
        var coVisible: Set<RegionAdjacency.Pair> = []
        /// Seen side by side in a preset view (`CoVisibility.sideBySide`); empty: not measured.
        var sideBySide: Set<RegionAdjacency.Pair> = []

        /// Every constrained pair with its rule in the palette `colorBlind` picks for `mode`.
        func rules(colorBlind: Bool, mode: Mode?) -> [(RegionAdjacency.Pair, PairRule)] {
            let touched = Set(touching.pairs)
            return touched.union(coVisible).union(sideBySide).sorted().compactMap { p in
                Palette.rule(touching: touched.contains(p), sideBySide: sideBySide.contains(p), coVisible: coVisible.contains(p),
                             colorBlind: colorBlind, mode: mode).map { (p, $0) }
            }
        }
    }

    /// Region ids grouped by sourceLabel (one colour per key).
    struct Keys {
        var names: [String] = [], keyOf: [Int] = []
        init(_ regions: [Recipe.RegionRecipe]) {
            var index: [String: Int] = [:]
            for r in regions {
                if index[r.sourceLabel] == nil { index[r.sourceLabel] = names.count; names.append(r.sourceLabel) }
                keyOf.append(index[r.sourceLabel]!)
            }
        }
    }

    /// The drawn colours (index = region id − 1).
    static func derive(colors: [RGB], regions: [Recipe.RegionRecipe], pairs: Pairs, mode: Mode?) -> [RGB] {
        search(colors: colors, regions: regions, rules: pairs.rules(colorBlind: false, mode: mode), shades: mode == .networkShades,
               keepSource: mode == .source, fresh: mode == .distinct, target: colors)
    }

    /// The colour-blind palette: starting from the drawn colours, touching regions kept at least
    /// `simulatedTarget` apart under protan, deutan and tritan simulation (and 15 in normal vision),
    /// regions seen side by side in a view at least `simulatedCoVisibleTarget` apart under each
    /// simulation, and regions seen together at least `coVisibleTarget` apart in normal vision
    /// where the drawn palette has that rule.
    static func deriveColorBlind(drawn: [RGB], regions: [Recipe.RegionRecipe], pairs: Pairs, mode: Mode?) -> [RGB] {
        search(colors: drawn, regions: regions, rules: pairs.rules(colorBlind: true, mode: mode), shades: mode == .networkShades,
               keepSource: false, fresh: false, target: drawn)
    }

    private static func search(colors: [RGB], regions: [Recipe.RegionRecipe], rules: [(RegionAdjacency.Pair, PairRule)],
                               shades: Bool, keepSource: Bool, fresh: Bool, target: [RGB]) -> [RGB] {
        let keys = Keys(regions)
        var source = [SeenColor?](repeating: nil, count: keys.names.count)
        for (i, c) in target.enumerated() where source[keys.keyOf[i]] == nil { source[keys.keyOf[i]] = SeenColor(c) }
        // Pairs of regions become pairs of keys; where several map to one, the strictest rule holds.
        var rule: [RegionAdjacency.Pair: PairRule] = [:]
        for (p, r) in rules {
            let k = key(p, keys)
            let old = rule[k] ?? PairRule(normal: 0)
            rule[k] = PairRule(normal: max(old.normal, r.normal), simulated: max(old.simulated, r.simulated))
        }
        var neighbours = [[(other: Int, rule: PairRule)]](repeating: [], count: keys.names.count)
        for (p, r) in rule.sorted(by: { $0.key < $1.key }) where p.low != p.high {
            neighbours[p.low].append((p.high, r)); neighbours[p.high].append((p.low, r))
        }
        let failing = Set(source.indices.filter { !acceptable(source[$0]!.lab[0]) })
        let start = source.indices.map { fresh || failing.contains($0) ? nil : source[$0] }
        let shadeSets = shades ? source.map { Self.shades(of: $0!.lab[0]).map(SeenColor.init) } : []
        let solver = PaletteSearch(neighbours: keepSource ? neighbours.map { _ in [] } : neighbours,
                                   target: source.map { $0! }, start: start,
                                   fixed: keepSource ? Set(source.indices).subtracting(failing) : [],
                                   candidates: { shades ? shadeSets[$0] : distinctCandidates })
        // One colour per key, also where the source gave homologues near-identical colours
        // (FreeSurfer's pallidum: 12,48,255 left, 13,48,255 right), which legends would list twice.
        let chosen = solver.solve()
        return colors.indices.map { chosen[keys.keyOf[$0]].rgb }
    }

    private static func key(_ p: RegionAdjacency.Pair, _ keys: Keys) -> RegionAdjacency.Pair {
        RegionAdjacency.Pair(keys.keyOf[p.low - 1], keys.keyOf[p.high - 1])
    }

    /// Lighter, darker, more and less saturated versions of `c`, hue within ±16°.
    static func shades(of c: CIELab) -> [RGB] {
        let hue = atan2(c.b, c.a), chroma = max(c.chroma, 25)
        var out: [RGB] = []
        for dl in stride(from: -27.0, through: 27, by: 4.5) {
            for scale in [0.6, 0.8, 1.0, 1.2, 1.4] {
                for dh in [-16.0, -8, 0, 8, 16] {
                    let h = hue + dh * .pi / 180
                    let candidate = CIELab(l: c.l + dl, a: chroma * scale * cos(h), b: chroma * scale * sin(h))
                    if let rgb = candidate.rgb, acceptable(CIELab(rgb)) { out.append(rgb) }
                }
            }
        }
        return out.isEmpty ? [c.rgb ?? RGB(128, 128, 128)] : out
    }
}
