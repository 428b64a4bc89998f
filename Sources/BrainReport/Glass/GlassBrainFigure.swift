import BrainImage
import BrainMaps
import Foundation

/// The glass brain as a figure: the sagittal, coronal and axial projections side by side over the
/// brain's outline (`GlassOutline`), each cluster's number beside its strongest projected cell,
/// the side letters above each picture and the map's colour bar at the right. The picture (fills
/// and outlines) is raster; numbers, letters and the bar draw through `FigureCanvas`, so the SVG
/// and PDF carry them as text and shapes.
public struct GlassBrainFigure {
    /// One cluster number on one projection.
    public struct Number: Sendable, Equatable {
        public let cluster: Int
        public let view: GlassPlane.View
        /// The projected cell (column, row) of the cluster the number points at: its strongest.
        public let cell: (x: Int, y: Int)
        /// That cell's centre in the figure's pixels.
        public let anchor: (x: Double, y: Double)
        public let line: TextLine
        public let textX: Int
        public let baseline: Int
        public let box: PixelRect

        public static func == (a: Number, b: Number) -> Bool {
            a.cluster == b.cluster && a.view == b.view && a.box == b.box
        }
    }

    public let width: Int
    public let height: Int
    /// Pixels per millimetre.
    public let scale: Int
    public let textSize: Int
    /// Where each projection is drawn (`GlassPlane.View.allCases` order).
    public let panels: [PixelRect]
    public let numbers: [Number]
    let projection: GlassProjection
    let outline: GlassOutline
    let overlay: MapOverlay
    let bar: ColorBar
    let barLayout: ColorBar.Layout?
    let letters: [(line: TextLine, x: Int, baseline: Int)]

    /// Ems between two projections, so one picture's right letter never reads with the next one's left.
    static let panelGap = 3
    static let outlineColor = RGBA(90, 90, 96)
    static let deepColor = RGBA(150, 150, 156)
    static let glassColor = RGBA(236, 236, 240)
    static let textColor = RGBA(20, 20, 24)
    static let halo = RGBA(255, 255, 255, 235)

    /// Lays the figure out at `scale` pixels per millimetre; numbers for the first `numbered` clusters;
    /// without `colorBar` where the page around it shows the map's one bar.
    public init(projection: GlassProjection, outline: GlassOutline, overlay: MapOverlay, scale: Int = 3,
                numbered: Int = 20, colorBar: Bool = true, text: TextRenderer) {
        (self.projection, self.outline, self.overlay, self.scale) = (projection, outline, overlay, scale)
        let size = max(12, 6 * scale)
        textSize = size
        let margin = FigureSpacing.margin(textSize: size)
        let (ascent, descent) = text.metrics(size: size)
        let top = margin + ascent + descent + margin
        var x = margin
        var panels: [PixelRect] = []
        for plane in projection.planes {
            panels.append(PixelRect(x: x, y: top, width: plane.width * scale, height: plane.height * scale))
            x += plane.width * scale + Self.panelGap * size
        }
        let rowHeight = panels.map(\.height).max()!
        bar = overlay.colorBar
        let barWidth = colorBar ? bar.naturalWidth(size: size, text: text) : 0
        width = colorBar ? x + barWidth + margin : x - Self.panelGap * size + margin
        height = top + rowHeight + margin
        barLayout = colorBar ? bar.layout(in: PixelRect(x: x, y: top, width: barWidth, height: rowHeight), size: size, text: text) : nil
        self.panels = panels
        letters = zip(projection.planes, panels).flatMap { plane, panel -> [(line: TextLine, x: Int, baseline: Int)] in
            let (l, r) = (text.layout(plane.view.sides.left, size: size), text.layout(plane.view.sides.right, size: size))
            return [(l, panel.x, margin + ascent), (r, panel.maxX - r.advance, margin + ascent)]
        }
        var numbers: [Number] = []
        let reach = Int((Double(size) / 8).rounded(.up)) + 1
        for (plane, panel) in zip(projection.planes, panels) {
            for (cluster, cell) in Self.strongest(plane, upTo: numbered) {
                let line = text.layout("\(cluster)", size: size)
                let anchor = (x: Double(panel.x) + (Double(cell.x) + 0.5) * Double(scale),
                              y: Double(panel.y) + (Double(cell.y) + 0.5) * Double(scale))
                // Beside the cell, a quarter em to one and a half ems off diagonally, never over another number:
                // the place covering the fewest coloured cells wins (so a small cluster stays visible), then the nearest.
                let tries = [(1.0, -1.0), (-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].flatMap { sx, sy in
                    [0.25, 0.5, 1.0, 1.5].map { k in (sx * Double(size) * k, sy * Double(size) * k, sx, sy, k) }
                }
                let placed = tries.compactMap { dx, dy, sx, sy, k -> (cover: Int, k: Double, number: Number)? in
                    let tx = Int((anchor.x + dx).rounded()) - (sx < 0 ? line.advance : 0)
                    let base = Int((anchor.y + dy).rounded()) + (sy > 0 ? ascent : 0)
                    let box = line.box(x: tx, baseline: base, margin: reach)
                    guard panel.inset(by: -size / 2).contains(box), !numbers.contains(where: { $0.box.intersects(box) }) else { return nil }
                    let number = Number(cluster: cluster, view: plane.view, cell: cell, anchor: anchor, line: line, textX: tx,
                                        baseline: base, box: box)
                    return (Self.coloredCells(plane, under: box, panel: panel, scale: scale), k, number)
                }.min { ($0.cover, $0.k) < ($1.cover, $1.k) }?.number
                if let placed { numbers.append(placed) }
            }
        }
        self.numbers = numbers
    }

    /// Cells of `plane` holding a value under `box` (figure pixels; `panel` is where the plane is drawn).
    static func coloredCells(_ plane: GlassPlane, under box: PixelRect, panel: PixelRect, scale: Int) -> Int {
        let x0 = max(0, (box.x - panel.x) / scale), x1 = min(plane.width - 1, (box.maxX - 1 - panel.x) / scale)
        let y0 = max(0, (box.y - panel.y) / scale), y1 = min(plane.height - 1, (box.maxY - 1 - panel.y) / scale)
        guard x0 <= x1, y0 <= y1 else { return 0 }
        var n = 0
        for y in y0...y1 { for x in x0...x1 where plane.clusters[y * plane.width + x] != 0 { n += 1 } }
        return n
    }

    /// Per cluster (1…`upTo`) seen on `plane`, its projected cell of largest magnitude.
    static func strongest(_ plane: GlassPlane, upTo limit: Int) -> [(cluster: Int, cell: (x: Int, y: Int))] {
        var best: [Int: (value: Float, cell: (x: Int, y: Int))] = [:]
        for y in 0..<plane.height {
            for x in 0..<plane.width {
                let i = y * plane.width + x, c = plane.clusters[i]
                guard c > 0, c <= limit else { continue }
                if best[c].map({ abs(plane.values[i]) > abs($0.value) }) ?? true { best[c] = (plane.values[i], (x, y)) }
            }
        }
        return best.keys.sorted().map { ($0, best[$0]!.cell) }
    }

    /// The raster part: white page, the glass (the brain's shape, lightly filled), the deep
    /// structures' and the brain's outlines (anti-aliased contours of the smoothed masks), and the
    /// projected values in the map's colours, one block per cell.
    public func picture() throws -> RGBAImage {
        var image = try RGBAImage(width: width, height: height, fill: RGBA(255, 255, 255))
        for (i, (plane, panel)) in zip(projection.planes, panels).enumerated() {
            let brain = GlassContour(mask: outline.brain[i], width: plane.width, scale: scale)
            let deep = GlassContour(mask: outline.deep[i], width: plane.width, scale: scale)
            let lineWidth = max(1.0, Double(scale) / 2)
            for py in 0..<panel.height {
                for px in 0..<panel.width {
                    // One colour per pixel, layered: page, glass, deep outlines, map, the brain's outline.
                    let distance = brain.distance(px, py)
                    var c = (r: 255.0, g: 255.0, b: 255.0)
                    func over(_ color: RGBA, _ coverage: Double) {
                        let a = min(1, max(0, coverage)) * Double(color.a) / 255
                        c = (c.r + (Double(color.r) - c.r) * a, c.g + (Double(color.g) - c.g) * a, c.b + (Double(color.b) - c.b) * a)
                    }
                    over(Self.glassColor, distance + 0.5)
                    over(Self.deepColor, deep.line(px, py, width: lineWidth * 0.6))
                    let cell = (py / scale) * plane.width + px / scale
                    if plane.clusters[cell] != 0, let m = overlay.color(plane.values[cell]) { over(RGBA(m.x, m.y, m.z), 1) }
                    over(Self.outlineColor, lineWidth / 2 + 0.5 - abs(distance))
                    let i = 4 * ((panel.y + py) * width + panel.x + px)
                    image.pixels[i] = UInt8(c.r.rounded()); image.pixels[i + 1] = UInt8(c.g.rounded())
                    image.pixels[i + 2] = UInt8(c.b.rounded())
                }
            }
        }
        return image
    }

    /// The numbers, letters and colour bar on `canvas`.
    public func draw<C: FigureCanvas>(on canvas: inout C, text: TextRenderer) {
        let halo = TextHalo(color: Self.halo, radius: max(1.5, Double(textSize) / 8))
        for l in letters { canvas.text(l.line, x: l.x, baseline: l.baseline, color: Self.textColor, halo: nil, renderer: text) }
        for n in numbers {
            canvas.text(n.line, x: n.textX, baseline: n.baseline, color: Self.textColor, halo: halo, renderer: text)
        }
        if let barLayout { bar.draw(barLayout, text: text, on: &canvas) }
    }

    public func png(text: TextRenderer, compression: PNGEncoder.Compression = .best) throws -> [UInt8] {
        png(picture: try picture(), text: text, compression: compression)
    }

    public func svg(text: TextRenderer, compression: PNGEncoder.Compression = .best) throws -> String {
        svg(picture: try picture(), text: text, compression: compression)
    }

    /// Both at once from one `picture()` (the report embeds both; the picture is most of their cost).
    public func pngAndSVG(text: TextRenderer, compression: PNGEncoder.Compression = .best) throws -> (png: [UInt8], svg: String) {
        let raster = try picture()
        return (png(picture: raster, text: text, compression: compression), svg(picture: raster, text: text, compression: compression))
    }

    private func png(picture: RGBAImage, text: TextRenderer, compression: PNGEncoder.Compression) -> [UInt8] {
        var image = picture
        draw(on: &image, text: text)
        return PNGEncoder(compression: compression, channels: .rgb).encode(image)
    }

    private func svg(picture: RGBAImage, text: TextRenderer, compression: PNGEncoder.Compression) -> String {
        var figure = SVGFigure(width: width, height: height)
        draw(on: &figure, text: text)
        return figure.document(png: PNGEncoder(compression: compression, channels: .rgb).encode(picture))
    }

    public func pdf(text: TextRenderer, dpi: Int? = nil) throws -> [UInt8] {
        var figure = PDFFigure(width: width, height: height)
        draw(on: &figure, text: text)
        return try figure.document(rgba: try picture().pixels, transparent: false, dpi: dpi)
    }
}
