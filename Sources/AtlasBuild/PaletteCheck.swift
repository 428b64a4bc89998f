import BrainAtlas

/// The build's check that a finished palette keeps its rules on every pair it must tell apart
/// (`Palette.Pairs.rules`: touching, side by side and seen together): every pair that breaks one
/// is named with the atlas, the palette and the rule missed, and the build fails on any.
struct PaletteCheck {
    let pairs: Palette.Pairs
    let colorBlind: Bool
    let mode: Palette.Mode?

    func failures(_ colors: [RGB], regions: [Recipe.RegionRecipe], atlas: String) -> [String] {
        var out: [String] = []
        let seen = colors.map(SeenColor.init)
        let palette = colorBlind ? "colour-blind" : "drawn"
        for (p, rule) in pairs.rules(colorBlind: colorBlind, mode: mode)
        where regions[p.low - 1].sourceLabel != regions[p.high - 1].sourceLabel {
            // A hundredth of slack: the search meets its rules exactly, and a tie is no failure.
            guard rule.slack(seen[p.low - 1], seen[p.high - 1]) < -0.01 else { continue }
            let a = regions[p.low - 1], b = regions[p.high - 1]
            let kind = pairs.touching.pairs.contains(p) ? "touching" : pairs.sideBySide.contains(p) ? "side by side" : "seen together"
            let simulated = rule.simulated > 0 ? String(format: ", ≥ %.0f under each simulated dichromacy", rule.simulated) : ""
            out.append("\(atlas): the \(palette) palette puts \(a.name) (\(a.hemisphere.rawValue)) and \(b.name) (\(b.hemisphere.rawValue)), "
                       + "\(kind), closer than its rule (ΔE ≥ \(String(format: "%.0f", rule.normal))\(simulated))")
        }
        return out
    }

    /// Throws the failures as one build error.
    func verify(_ colors: [RGB], regions: [Recipe.RegionRecipe], atlas: String) throws {
        let broken = failures(colors, regions: regions, atlas: atlas)
        guard !broken.isEmpty else { return }
        throw BuildError(file: "atlas-recipe.json", field: "atlases[\(atlas)].palette", problem: broken.joined(separator: "; "))
    }
}
