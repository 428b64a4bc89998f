import BrainAtlas

/// A colour as seen with normal colour vision and under each simulated dichromacy.
struct SeenColour: Sendable, Equatable {
    let rgb: RGB
    /// Normal, protan, deutan, tritan (`ColourVisionSimulation.allCases` order after normal).
    let lab: [CIELab]

    init(_ rgb: RGB) {
        self.rgb = rgb
        lab = [CIELab(rgb)] + ColourVisionSimulation.allCases.map { $0.simulate(rgb) }
    }
}

/// How far apart two regions' colours must be: `normal` with normal colour vision, `simulated`
/// under every simulated dichromacy (0 = no requirement).
struct PairRule: Sendable, Equatable {
    var normal: Double
    var simulated: Double = 0

    /// The worst margin of `a` against `b`; negative when the rule fails.
    func slack(_ a: SeenColour, _ b: SeenColour) -> Double {
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
    var target: [SeenColour]
    /// Starting colours; nil ones are chosen.
    var start: [SeenColour?]
    /// Keys whose starting colour never changes.
    var fixed: Set<Int> = []
    var candidates: (Int) -> [SeenColour]
    /// Margin beyond a rule that no longer counts against nearness to the target colour.
    var spare = 4.0

    func slack(_ k: Int, _ c: SeenColour, _ colours: [SeenColour?]) -> Double {
        var s = Double.infinity
        for (o, rule) in neighbours[k] { if let other = colours[o] { s = min(s, rule.slack(c, other)) } }
        return s
    }

    func best(_ k: Int, _ colours: [SeenColour?]) -> SeenColour {
        var best = colours[k] ?? target[k], bestScore = -Double.infinity
        for c in candidates(k) {
            let score = min(slack(k, c, colours), spare) * 1000 - c.lab[0].distance(target[k].lab[0])
            if score > bestScore { bestScore = score; best = c }
        }
        return best
    }

    func solve() -> [SeenColour] {
        var colours = start
        let order = colours.indices.filter { colours[$0] == nil }.sorted { (neighbours[$0].count, $1) > (neighbours[$1].count, $0) }
        for k in order { colours[k] = best(k, colours) }
        var bestColours = colours, bestWorst = -Double.infinity, tabu: [Int] = []
        for _ in 0 ..< 40 * max(colours.count, 1) {
            let slacks = colours.indices.map { slack($0, colours[$0]!, colours) }
            let worst = slacks.min() ?? .infinity
            if worst > bestWorst { bestWorst = worst; bestColours = colours }
            if worst >= 0 { break }
            let failing = colours.indices.filter { slacks[$0] < 0 && !fixed.contains($0) && !tabu.contains($0) }
            guard let k = failing.min(by: { a, b in
                let moved = { (i: Int) in colours[i] != start[i] ? 0 : 1 }
                return (slacks[a], moved(a), a) < (slacks[b], moved(b), b)
            }) else {
                if tabu.isEmpty { break }
                tabu.removeFirst(); continue
            }
            colours[k] = best(k, colours)
            tabu.append(k)
            if tabu.count > 3 { tabu.removeFirst() }
        }
        return bestColours.map { $0! }
    }
}
