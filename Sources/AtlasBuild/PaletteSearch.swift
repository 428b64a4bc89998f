import BrainAtlas

/// A colour as seen with normal colour vision and under each simulated dichromacy.
struct SeenColor: Sendable, Equatable {
    let rgb: RGB
    /// Normal, protan, deutan, tritan (`ColorVisionSimulation.allCases` order after normal).
    let lab: [CIELab]

    init(_ rgb: RGB) {
        self.rgb = rgb
        lab = [CIELab(rgb)] + ColorVisionSimulation.allCases.map { $0.simulate(rgb) }
    }
}

/// How far apart two regions' colours must be: `normal` with normal colour vision, `simulated`
/// under every simulated dichromacy (0 = no requirement).
struct PairRule: Sendable, Equatable {
    var normal: Double
    var simulated: Double = 0

    /// The worst margin of `a` against `b`; negative when the rule fails.
    func slack(_ a: SeenColor, _ b: SeenColor) -> Double {
        var s = Double.infinity
        if normal > 0 { s = a.lab[0].distance(b.lab[0]) - normal }
        if simulated > 0 { for v in 1 ..< a.lab.count { s = min(s, a.lab[v].distance(b.lab[v]) - simulated) } }
        return s
    }
}

/// Chooses one colour per key so every constrained pair keeps its rule: keys without a colour are
/// filled greedily (most constrained first), then the key on the worst failing pair is recoloured,
/// again and again (min-conflicts with a short tabu list), until every rule holds or the step budget
/// is spent; the best colouring seen wins. A recoloured key takes, among the candidates that meet
/// its rules by `spare`, the one nearest its target colour, so known hues survive where they can.
/// Deterministic: no randomness, ties broken by key order.
struct PaletteSearch {
    /// Per key, the keys it is constrained against and the rule.
    var neighbours: [[(other: Int, rule: PairRule)]]
    /// The colour each key would rather have (its source colour).
    var target: [SeenColor]
    /// Starting colours; nil ones are chosen.
    var start: [SeenColor?]
    /// Keys whose starting colour never changes.
    var fixed: Set<Int> = []
    var candidates: (Int) -> [SeenColor]
    /// Margin beyond a rule that no longer counts against nearness to the target colour.
    var spare = 4.0

    func slack(_ k: Int, _ c: SeenColor, _ colors: [SeenColor?]) -> Double {
        var s = Double.infinity
        for (o, rule) in neighbours[k] { if let other = colors[o] { s = min(s, rule.slack(c, other)) } }
        return s
    }

    func best(_ k: Int, _ colors: [SeenColor?]) -> SeenColor {
        var best = colors[k] ?? target[k], bestScore = -Double.infinity
        for c in candidates(k) {
            let score = min(slack(k, c, colors), spare) * 1000 - c.lab[0].distance(target[k].lab[0])
            if score > bestScore { bestScore = score; best = c }
        }
        return best
    }

    func solve() -> [SeenColor] {
        var colors = start
        let order = colors.indices.filter { colors[$0] == nil }.sorted { (neighbours[$0].count, $1) > (neighbours[$1].count, $0) }
        for k in order { colors[k] = best(k, colors) }
        var bestColors = colors, bestWorst = -Double.infinity, tabu: [Int] = []
        for _ in 0 ..< 40 * max(colors.count, 1) {
            let slacks = colors.indices.map { slack($0, colors[$0]!, colors) }
            let worst = slacks.min() ?? .infinity
            if worst > bestWorst { bestWorst = worst; bestColors = colors }
            if worst >= 0 { break }
            let failing = colors.indices.filter { slacks[$0] < 0 && !fixed.contains($0) && !tabu.contains($0) }
            guard let k = failing.min(by: { a, b in
                let moved = { (i: Int) in colors[i] != start[i] ? 0 : 1 }
                return (slacks[a], moved(a), a) < (slacks[b], moved(b), b)
            }) else {
                if tabu.isEmpty { break }
                tabu.removeFirst(); continue
            }
            colors[k] = best(k, colors)
            tabu.append(k)
            if tabu.count > 3 { tabu.removeFirst() }
        }
        return bestColors.map { $0! }
    }
}
