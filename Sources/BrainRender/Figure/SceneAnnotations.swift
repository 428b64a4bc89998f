import BrainAtlas
import BrainImage

/// The text decorations of a render's colour pass: region names (`labels`), the colour legend
/// (`legend`) and the orientation letters, laid out together so that none covers another.
/// Computed from the pick pass at output size; the pick pass itself is never changed.
public struct SceneAnnotations {
    public let labels: RegionLabels?
    public let legend: Legend.Layout?
    public let cue: OrientationCue?
    /// The regions the legend lists, in its order (before any "+N more" cut).
    public let legendEntries: [Legend.Entry]

    /// Rows per column the legend may take (it picks the one covering the least brain).
    public static let legendRowChoices = [Legend.maxRowsPerColumn, 16, 12, 8]

    /// Legend text is a little smaller than label text (at least 10 pixels).
    public static func legendSize(width: Int, height: Int) -> Int {
        max(10, RegionLabels.textSize(width: width, height: height) * 5 / 6)
    }

    /// The legend's rows for the visible regions of `map` in their drawn colours (`Legend.entries`).
    public static func legendEntries(_ map: RegionMap, colors: [Region: RGB]) -> [Legend.Entry] {
        Legend.entries(map.regions.indices.map { i in
            let region = map.regions[i], c = colors[region] ?? region.color
            return Legend.Item(name: region.labelName, side: region.hemisphere == .none ? nil : region.hemisphere.rawValue,
                               color: RGBA(c.r, c.g, c.b), pixels: map.pixels[i], rank: region.legendRank,
                               group: region.networkHeading)
        })
    }

    /// Every legend layout to choose from, with the corner and rows that give it: tall and narrow
    /// or short and wide, in each corner but the orientation letters' (bottom left).
    /// `only` lays out just those shapes.
    static func legendLayouts(_ entries: [Legend.Entry], width: Int, height: Int, cue: Bool, only: [LegendShape]? = nil,
                              text: TextRenderer) -> [(shape: LegendShape, layout: Legend.Layout)] {
        let size = Self.legendSize(width: width, height: height)
        let margin = FigureSpacing.margin(textSize: size)
        let corners: [Legend.Corner] = cue ? [.topRight, .topLeft, .bottomRight] : [.topRight, .topLeft, .bottomRight, .bottomLeft]
        let shapes = only ?? corners.flatMap { corner in Self.legendRowChoices.map { LegendShape(corner: corner, rows: $0) } }
        return shapes.compactMap { shape in
            Legend(entries: entries).layout(width: width, height: height, size: size, corner: shape.corner, margin: margin,
                                            maxRows: shape.rows, text: text).map { (shape, $0) }
        }
    }

    /// Lays out what `request` asks for on a `width` × `height` image; `map` is needed for labels
    /// and the legend. The legend takes `legendShape`, the one chosen with the scene's framing
    /// (`AtlasScene.legendPlacement`); without one there is no legend. `reserved` boxes (a map's
    /// colour bar) take no label.
    public init(labels wantLabels: Bool, legend wantLegend: Bool, orientation: Bool, direction: ViewDirection,
                width: Int, height: Int, map: RegionMap?, colors: [Region: RGB], text: TextRenderer,
                legendShape: LegendShape?, emphasised: Set<Region> = [], reserved: [PixelRect] = []) {
        let cue = orientation ? OrientationCue(direction: direction, width: width, height: height, text: text) : nil
        var obstacles = (cue.map { [$0.box] } ?? []) + reserved
        var legendLayout: Legend.Layout?
        var entries: [Legend.Entry] = []
        if wantLegend, let map, let legendShape {
            entries = Self.legendEntries(map, colors: colors)
            legendLayout = Self.legendLayouts(entries, width: width, height: height, cue: cue != nil,
                                              only: [legendShape], text: text).first?.layout
            if let box = legendLayout?.box { obstacles.append(box) }
        }
        labels = wantLabels ? map.map { m in
            RegionLabels(map: m, names: m.regions.map(\.labelName), text: text, obstacles: obstacles, emphasised: emphasised,
                         bold: emphasised.isEmpty ? nil : (try? Typeface.system(.bold)).flatMap { try? TextRenderer(typeface: $0) },
                         minimumPixels: RegionLabels.labelMinimum(m))
        } : nil
        legend = legendLayout
        self.cue = cue
        legendEntries = entries
    }

    /// Draws labels, then the legend, then the orientation letters in `cueColor`.
    public func draw(into image: inout RGBAImage, text: TextRenderer, cueColor: RGBA) {
        let dark = labels?.darkPlacements(on: image) ?? []
        draw(on: &image, dark: dark, text: text, cueColor: cueColor)
    }

    /// The same on any canvas; `dark` says which labels take light text (`darkPlacements` on the
    /// picture before any text).
    public func draw<C: FigureCanvas>(on canvas: inout C, dark: [Bool], text: TextRenderer, cueColor: RGBA) {
        labels?.draw(on: &canvas, dark: dark, text: text)
        if let legend { Legend.draw(legend, text: text, on: &canvas) }
        cue?.draw(into: &canvas, text: text, color: cueColor)
    }
}

extension AtlasScene {
    /// The colour each visible region is drawn with (after highlight tinting).
    public var regionColors: [Region: RGB] {
        var out: [Region: RGB] = [:]
        for (i, info) in layers.enumerated() {
            for (range, region) in info.regions.enumerated() {
                if let region, range < scene.layers[i].colors.count { out[region] = scene.layers[i].colors[range] }
            }
        }
        return out
    }
}
