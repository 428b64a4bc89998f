import BrainAtlas
import BrainFormats

/// The build step that gives a labelled atlas its drawn colours and its colour-blind ones
/// (`Palette`) and measures them.
public enum AtlasColors {
    /// Contrast of the source colours, the drawn ones and the colour-blind palette.
    public struct Report: Codable, Sendable, Equatable {
        public var source: ColorContrast
        public var drawn: ColorContrast
        public var colorBlind: ColorContrast?
        /// Regions whose colour was replaced.
        public var replaced: Int
        /// Pairs that break their palette's rule (`PaletteCheck`); the build fails on any.
        public var broken: [String] = []

        // Spelled out so the JSON keys stay as published when identifiers change spelling.
        enum CodingKeys: String, CodingKey {
            case source, drawn, replaced, broken
            case colorBlind = "colourBlind"
        }
    }

    /// Replaces `atlas.colors` by the palette (keeping the source ones in `sourceColors` when any
    /// changed) and sets `atlas.colorBlindColors`. Homologues (same sourceLabel) are left out of the
    /// pairs, touching or seen together: they share a colour on purpose.
    static func apply(_ atlas: inout LabelledAtlas, touching: RegionAdjacency, coVisible: Set<RegionAdjacency.Pair>,
                      sideBySide: Set<RegionAdjacency.Pair>) -> Report {
        let regions = atlas.regions.regions
        let distinct = { (p: RegionAdjacency.Pair) in regions[p.low - 1].sourceLabel != regions[p.high - 1].sourceLabel }
        let touching = RegionAdjacency(pairs: touching.pairs.filter(distinct))
        let pairs = Palette.Pairs(touching: touching, coVisible: coVisible.filter(distinct), sideBySide: sideBySide.filter(distinct))
        let source = atlas.colors
        let mode = atlas.recipe.palette
        let drawn = Palette.derive(colors: source, regions: regions, pairs: pairs, mode: mode)
        let colorBlind = Palette.deriveColorBlind(drawn: drawn, regions: regions, pairs: pairs, mode: mode)
        let replaced = zip(source, drawn).filter { $0 != $1 }.count
        if replaced > 0 {
            atlas.colors = drawn
            atlas.sourceColors = source
        }
        atlas.colorBlindColors = colorBlind
        // The published colours a `source` atlas keeps carry no pair rule of ours.
        var broken = mode == .source ? []
            : PaletteCheck(pairs: pairs, colorBlind: false, mode: mode).failures(drawn, regions: regions, atlas: atlas.recipe.name)
        broken += PaletteCheck(pairs: pairs, colorBlind: true, mode: mode).failures(colorBlind, regions: regions, atlas: atlas.recipe.name)
        let measure = { (c: [RGB]) in ColorContrast(colors: c, adjacency: touching, coVisible: pairs.coVisible, sideBySide: pairs.sideBySide) }
        return Report(source: measure(source), drawn: measure(drawn), colorBlind: measure(colorBlind), replaced: replaced, broken: broken)
    }

    static func lines(_ name: String, _ r: Report) -> [String] {
        var out = r.replaced > 0 ? ["  \(name) source colours: \(r.source.line)",
                                    "  \(name) drawn colours (\(r.replaced) replaced): \(r.drawn.line)"]
            : ["  \(name) colours: \(r.source.line)"]
        if let cb = r.colorBlind { out.append("  \(name) colour-blind palette: \(cb.line)") }
        return out
    }
}
