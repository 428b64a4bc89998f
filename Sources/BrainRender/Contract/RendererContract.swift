import BrainMaps

/// What the GL renderer and the browser viewer must agree on, written once here; the viewer reads
/// it from the generated `Viewer/contract.js` (`javaScriptModule`), which a test keeps equal.
public enum RendererContract {
    /// Raised whenever a value or rule below changes meaning, so a cached viewer notices.
    public static let version = 1

    // MARK: Scene data

    /// The first four bytes of every binary scene body (meshes, labels, planes, map values)…
    public static let sceneDataMagic = "BTSD"
    /// …and the layout version after them (docs/VIEWER.md), raised when the layout changes.
    public static let sceneDataVersion: UInt32 = 2

    // MARK: Pick ids

    /// Pick id 0 is the background; the pickable ranges of a scene are numbered from this one,
    /// layer after layer (meshes first, then the planes in `planeOrder`).
    public static let firstPickID: UInt32 = 1

    /// The first pick id of each layer, given how many ids each takes (nil: not pickable, first
    /// id 0). The one numbering `Scene`, `/api/scene` and the plane routes all report.
    public static func firstPickIDs(counts: [Int?], from start: UInt32 = firstPickID) -> [UInt32] {
        var next = start
        return counts.map { count in
            guard let count else { return 0 }
            defer { next += UInt32(count) }
            return next
        }
    }

    /// Bytes per colour channel step: a pick id is written as the colour (r, g, b) with
    /// id = r + base·g + base²·b, and a plane's label texel holds id = low + base·high.
    public static let byteBase: UInt32 = 256

    /// The colour bytes (r, g, b) a pick pass writes for `id` (ids fit in 24 bits).
    public static func pickColor(_ id: UInt32) -> (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8(id % byteBase), UInt8(id / byteBase % byteBase), UInt8(id / (byteBase * byteBase) % byteBase))
    }

    /// The pick id behind the colour bytes a pick pass wrote.
    @inline(__always)
    public static func pickID(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 {
        UInt32(r) + byteBase * UInt32(g) + byteBase * byteBase * UInt32(b)
    }

    /// The region id a plane's label texel holds in its first two bytes.
    @inline(__always)
    public static func labelID(low: UInt8, high: UInt8) -> Int {
        Int(low) + Int(byteBase) * Int(high)
    }

    // MARK: Planes

    /// The slicing mode's planes in pick-id order (also the axis order x, y, z).
    public static let planeOrder: [ScenePlanes.Orientation] = ScenePlanes.Orientation.allCases

    /// Region ids per row of the plane palette texture (`plane.frag` reads it 256 wide).
    public static let paletteWidth = 256

    /// How much darker each plane is drawn (`plane.frag`'s uDarken), by orientation in
    /// `planeOrder`: the three faces of the open corner differ as lit faces of a box would, so the
    /// corner reads as a corner rather than one flat triangle. Sagittal (the face a side view
    /// looks at) stays as it is.
    public static let planeDarkening: [Float] = [0, 0.14, 0.28]

    /// `planeDarkening` of one plane.
    public static func darkening(_ orientation: ScenePlanes.Orientation) -> Float {
        planeDarkening[planeOrder.firstIndex(of: orientation) ?? 0]
    }

    /// The viewer's side of a plane across `axis` for a camera looking along `forward`: −1 where
    /// forward points along +axis, else +1 (looking exactly across takes +1). The cut-away keeps
    /// the points on that side of every plane drawn.
    public static func cutSide(forward: Float) -> Float { forward > 0 ? -1 : 1 }

    /// The voxel a pick on a plane names. `texel` is where the ray through the pixel centre
    /// meets the plane, in texel units from the texture's low corner (voxel (i, j) spans
    /// [i, i+1) × [j, j+1), centre (i+½, j+½)); `picked` is the region id the pick pass wrote.
    /// The rule: the voxel containing the point (so the nearest voxel centre; a point on an edge
    /// belongs to the higher voxel) when it holds `picked`; otherwise, since the GL may round a
    /// texel edge the other way, the voxel among its eight neighbours that holds `picked` with
    /// the nearest centre, ties going to the lower j and then the lower i; when none does, the
    /// containing voxel.
    public static func planeVoxel(texel: SIMD2<Double>, picked: Int, label: (Int, Int) -> Int) -> (i: Int, j: Int) {
        let home = (i: Int(texel.x.rounded(.down)), j: Int(texel.y.rounded(.down)))
        if label(home.i, home.j) == picked { return home }
        var best = home, nearest = Double.infinity
        for dj in -1...1 {
            for di in -1...1 where (di, dj) != (0, 0) && label(home.i + di, home.j + dj) == picked {
                let centre = SIMD2(Double(home.i + di) + 0.5, Double(home.j + dj) + 0.5) - texel
                let distance = (centre * centre).sum()
                if distance < nearest { nearest = distance; best = (home.i + di, home.j + dj) }
            }
        }
        return best
    }

    // MARK: Map colours

    /// The colour scales of statistical maps, which the viewer draws on the device.
    public static let mapScales = (warm: OverlayColorScale.warmEnds, cool: OverlayColorScale.coolEnds,
                                   viridis: OverlayColorScale.viridisStops)

    /// A map's colour bar strip on the image's right, in pixels: the width over `divisor`,
    /// clamped to `minimum`…`maximum`; no strip on images narrower than three minimum strips.
    public static let colorBarStrip = (divisor: 5, minimum: 110, maximum: 240)

    /// The strip's width on a `width`-pixel-wide image (0: no bar).
    public static func colorBarStripWidth(_ width: Int) -> Int {
        let rule = colorBarStrip
        return width < 3 * rule.minimum ? 0 : min(rule.maximum, max(rule.minimum, width / rule.divisor))
    }

    // MARK: Choosing a view

    /// The size every visibility figure (pixels per region) refers to.
    public static let surveySize = (width: 480, height: 360)
    /// A region shows in a view when it covers at least this many pixels there (the quiz's rule).
    public static let surveyMinPixels = 300
    /// The viewer keeps the current view for a selected region that covers this many pixels…
    public static let surveyClearPixels = 2000
    /// …or at least `surveyMinPixels` and this share of what the best preset view shows.
    public static let surveyShareOfBest = 0.5
}
