import BrainImage

/// A legend's corner and rows per column: with the entries, all its layout needs.
public struct LegendShape: Sendable, Equatable {
    public let corner: Legend.Corner
    public let rows: Int

    /// The brain keeps at least this share of its full-image size when a legend makes room; within
    /// it, listing more regions wins. When no layout allows it (thumbnails, where the legend's
    /// minimum text size makes it large), the brain keeps the whole image and the legend sits where
    /// it covers the fewest brain pixels.
    public static let minimumScale: Float = 0.5
}

extension AtlasScene {
    /// Where the legend goes and how the brain is framed beside it, decided once from `map`, the
    /// pick pass at the full framing (the one rule for the legend's place). Every legend layout is
    /// tried; one that covers no brain pixels keeps the full framing; otherwise the brain is framed
    /// in the larger part of the image beside or above/below the box, and the layout that leaves
    /// the brain drawn largest wins (listing every region first). When no layout leaves the brain
    /// `LegendShape.minimumScale` of its size, the framing stays whole and the legend takes the
    /// layout that lists the most regions over the fewest brain pixels. Nil when no layout fits.
    public func legendPlacement(map: RegionMap, text: TextRenderer) throws -> (shape: LegendShape, area: FramingArea)? {
        let entries = SceneAnnotations.legendEntries(map, colors: regionColors)
        let (w, h) = (scene.width, scene.height)
        let space = FreeSpace(map: map, obstacles: [])
        let gap = FigureSpacing.margin(textSize: SceneAnnotations.legendSize(width: w, height: h))
        let fullScale = scene.camera.pixelsPerMM
        let candidates = SceneAnnotations.legendLayouts(entries, width: w, height: h, cue: request.orientation, text: text)
        var best: (key: (Int, Int, Float, Int, Int), shape: LegendShape, area: FramingArea)?
        for (i, candidate) in candidates.enumerated() {
            let box = candidate.layout.box
            var options: [(area: FramingArea, scale: Float)] = []
            if space.brainPixels(in: box.inset(by: -gap)) == 0 {
                options.append((.whole, fullScale))
            } else {
                for rect in Self.room(beside: box, gap: gap, width: w, height: h) {
                    let area = FramingArea(rect, width: w, height: h)
                    options.append((area, scene.camera.reframed(in: area).pixelsPerMM))
                }
            }
            guard let top = options.max(by: { $0.scale < $1.scale }) else { continue }
            let shrinks = top.scale < LegendShape.minimumScale * fullScale ? 1 : 0
            // A legend that cannot list every region anyway ("+N more") gives way to the brain's size.
            let hidden = candidate.layout.hidden
            let key = (shrinks, hidden > 0 ? 1 : 0, -top.scale, hidden, i)
            if best == nil || key < best!.key { best = (key, candidate.shape, top.area) }
        }
        if let best, best.key.0 == 0 { return (best.shape, best.area) }
        // No room without shrinking the brain too far (thumbnails): the full framing, and the
        // layout listing every region comes first, then covering the least brain, then the order above.
        return candidates.enumerated().min { a, b in
            (a.element.layout.hidden, space.brainPixels(in: a.element.layout.box), a.offset)
                < (b.element.layout.hidden, space.brainPixels(in: b.element.layout.box), b.offset)
        }.map { ($0.element.shape, .whole) }
    }

    /// The scene reframed in `area` (the same layers, camera direction and size).
    func framed(in area: FramingArea) throws -> AtlasScene {
        guard area != scene.framingArea else { return self }
        var out = self
        out.scene = try Scene(layers: scene.layers, direction: scene.direction, width: scene.width, height: scene.height,
                              background: scene.background, framingArea: area)
        return out
    }

    /// The image's parts beside `box` (left or right of it, full height) and above or below it
    /// (full width), `gap` away; parts narrower than a quarter of the image are left out.
    static func room(beside box: PixelRect, gap: Int, width w: Int, height h: Int) -> [PixelRect] {
        var out: [PixelRect] = []
        let left = box.x + box.width / 2 > w / 2
        let across = left ? PixelRect(x: 0, y: 0, width: box.x - gap, height: h)
            : PixelRect(x: box.maxX + gap, y: 0, width: w - box.maxX - gap, height: h)
        let up = box.y + box.height / 2 > h / 2
        let along = up ? PixelRect(x: 0, y: 0, width: w, height: box.y - gap)
            : PixelRect(x: 0, y: box.maxY + gap, width: w, height: h - box.maxY - gap)
        if across.width >= w / 4 { out.append(across) }
        if along.height >= h / 4 { out.append(along) }
        return out
    }
}
