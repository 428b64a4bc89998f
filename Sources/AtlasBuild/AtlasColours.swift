import BrainAtlas
import BrainFormats

/// The build step that gives a labelled atlas its drawn colours (`Palette`) and measures them.
public enum AtlasColours {
    /// Contrast of the source colours and of the drawn ones.
    public struct Report: Codable, Sendable, Equatable {
        public var source: ColourContrast
        public var drawn: ColourContrast
        /// Regions whose colour was replaced.
        public var replaced: Int
    }

    /// Replaces `atlas.colors` by the palette (keeping the source ones in `sourceColors` when any
    /// changed); returns the figures, or nil for atlases without surface labels.
    static func apply(_ atlas: inout LabelledAtlas, triangles: [[SIMD3<Int32>]]) -> Report? {
        let adjacency = atlas.vertexLabels.map { RegionAdjacency(labels: $0, triangles: triangles) }
            ?? RegionAdjacency(labels: [], triangles: [])
        let source = atlas.colors
        let drawn = Palette.derive(colors: source, regions: atlas.regions.regions, adjacency: adjacency, mode: atlas.recipe.palette)
        let replaced = zip(source, drawn).filter { $0 != $1 }.count
        if replaced > 0 {
            atlas.colors = drawn
            atlas.sourceColors = source
        }
        guard atlas.vertexLabels != nil || replaced > 0 else { return nil }
        return Report(source: ColourContrast(colors: source, adjacency: adjacency),
                      drawn: ColourContrast(colors: drawn, adjacency: adjacency), replaced: replaced)
    }

    static func lines(_ name: String, _ r: Report) -> [String] {
        guard r.replaced > 0 else { return ["  \(name) colours: \(r.source.line)"] }
        return ["  \(name) source colours: \(r.source.line)",
                "  \(name) drawn colours (\(r.replaced) replaced): \(r.drawn.line)"]
    }
}
