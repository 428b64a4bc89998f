import BrainAtlas
import BrainFormats
import BrainImage
import Foundation

/// `slice --mosaic N`: N evenly spaced slices of one plane in a grid, as nilearn and BrainVoyager
/// print them, with one legend of every region the tiles show and one colour bar beside the grid.
///
/// The slices divide the brain's extent along the plane's axis into N + 1 equal steps (the bundled
/// atlas's labelled box on the template, else the head's box), so neither end is an empty edge
/// slice. Every tile is drawn as `slice` draws it alone (same crop box, letters and caption), at
/// half the single slice's scale unless `scale` is given; the grid takes the column count that
/// brings it nearest a 4:3 page with the fewest empty cells. The tiles keep their top and bottom
/// letters; the left and right ones are drawn once per row, outside the grid, since between two
/// tiles they would run together ("R L").
public struct SliceMosaic: Sendable {
    public let image: RGBAImage
    public let plane: SlicePlane
    public let space: ReferenceSpace
    public let columns: Int
    /// The tiles' grid on `image` (the letter bands left and right of it, legend and bar beyond).
    public let gridBox: PixelRect
    /// The tiles' plane indices and coordinates (the volume's own mm), in reading order.
    public let slices: [(index: Int, millimetres: Double)]
    /// Every region shown on any tile, with its pixels summed over the tiles.
    public let regions: [(region: Region, pixels: Int)]
    /// The legend's box on `image`, and the colour bar's.
    public let legendBox: PixelRect?
    public let colorBarBox: PixelRect?

    /// The `--json` object: `{"out","plane","size":[w,h],"columns","slices":[{"index","mni","tal"}]}`.
    public struct Summary: Encodable, Sendable {
        public struct Slice: Encodable, Sendable {
            public let index: Int
            public let mni: Double?
            public let tal: Double?
        }
        public let out: String
        public let plane: String
        public let size: [Int]
        public let columns: Int
        public let slices: [Slice]
    }

    public func summary(out: String) -> Summary {
        Summary(out: out, plane: plane.rawValue, size: [image.width, image.height], columns: columns,
                slices: slices.map { .init(index: $0.index, mni: space == .mni ? $0.millimetres : nil,
                                           tal: space == .talairach ? $0.millimetres : nil) })
    }

    /// The most tiles a mosaic takes.
    public static let maximumTiles = 64

    /// The 4:3 shape the grid is brought nearest.
    static let pageAspect = 4.0 / 3.0

    /// The column count for `count` tiles of `width` × `height` whose grid is nearest `pageAspect`,
    /// an empty cell counting as much as being off the page's shape by its share of the tiles.
    static func columns(count: Int, width: Int, height: Int) -> Int {
        func cost(_ c: Int) -> Double {
            let rows = (count + c - 1) / c
            return abs(log(Double(c * width) / Double(rows * height) / pageAspect)) + Double(rows * c - count) / Double(count)
        }
        return (1...count).min { cost($0) < cost($1) } ?? 1
    }

    /// `count` plane indices spread evenly inside `range`, its ends left out.
    static func indices(count: Int, in range: ClosedRange<Int>) -> [Int] {
        (1...count).map { range.lowerBound + (range.upperBound - range.lowerBound) * $0 / (count + 1) }
    }
}

extension Slicer {
    /// Draws `request` (with `mosaic` set) as a grid of slices.
    public func renderMosaic(_ request: SliceRequest) throws -> SliceMosaic {
        guard let count = request.mosaic else { throw SliceError.field("mosaic", "is not set") }
        let volume = try request.vmrPath.map { try SliceVolume.read(path: $0) } ?? template()
        let range = try mosaicExtent(request, volume: volume)
        let indices = SliceMosaic.indices(count: count, in: range)
        // The single slice's scale halved, unless one is given: a tile is read beside others.
        let single = try plan(request.mosaicTile(index: indices[0], scale: request.scale), colorBar: false).layout.scale
        let scale = request.scale ?? max(1, (single + 1) / 2)
        var tiles: [(plan: SlicePlan, result: SliceResult)] = []
        for index in indices {
            let tile = request.mosaicTile(index: index, scale: scale)
            let plan = try plan(tile, colorBar: false)
            tiles.append((plan, try render(plan, tile)))
        }
        let tileWidth = tiles.map(\.result.image.width).max()!, tileHeight = tiles.map(\.result.image.height).max()!
        let columns = SliceMosaic.columns(count: count, width: tileWidth, height: tileHeight)
        let rows = (count + columns - 1) / columns
        let gridWidth = columns * tileWidth, gridHeight = rows * tileHeight

        // One legend of every region shown, one colour bar: bands right of the grid, as on a slice.
        var pixels: [Int: (region: Region, pixels: Int)] = [:]
        for tile in tiles { for v in tile.plan.visible { pixels[v.region.id, default: (v.region, 0)].pixels += v.pixels } }
        let regions = pixels.values.sorted { $0.region.id < $1.region.id }
        let size = max(SliceDecorations.minimumSize, min(tileWidth, tileHeight) / SliceDecorations.shorterSidePerEm)
        let legendSize = max(10, size * 3 / 4)
        let margin = FigureSpacing.margin(textSize: legendSize)
        let text = try TextRenderer(typeface: typeface())
        // The left and right letters, once per row in a band on each side of the grid.
        let pad = max(3, size / 4) + SliceDecorations.halo.reach
        let edges = tiles[0].plan.layout.orientation.edgeLetters
        let sideLines = request.letters ? (text.layout(String(edges.left), size: size), text.layout(String(edges.right), size: size)) : nil
        let leftBand = sideLines.map { $0.0.ink.width + 2 * pad } ?? 0, rightBand = sideLines.map { $0.1.ink.width + 2 * pad } ?? 0
        var legend: Legend.Layout?
        if request.legend, let overlay = tiles[0].plan.layers?.overlay {
            legend = Legend(entries: Self.legendEntries(regions, overlay: overlay))
                .layout(width: gridWidth, height: gridHeight, size: legendSize, corner: .topLeft, margin: margin, nameShare: 1, text: text)
        }
        let legendBand = legend.map { $0.box.maxX + margin } ?? 0
        let sidesWidth = leftBand + gridWidth + rightBand
        let map = tiles[0].plan.drawing?.map?.colorBar
        var barLayout: ColorBar.Layout?
        var barBand = 0
        if let map {
            let width = min(map.naturalWidth(size: legendSize, text: text), max(16 * legendSize, gridWidth / 3))
            let area = PixelRect(x: sidesWidth + legendBand + margin, y: margin, width: width, height: gridHeight - 2 * margin)
            barLayout = map.layout(in: area, size: legendSize, text: text)
            barBand = barLayout.map { $0.box.width + 2 * margin } ?? 0
        }
        try Self.checkImageSides(sidesWidth + legendBand + barBand, gridHeight, scale: scale)
        var image = try RGBAImage(width: sidesWidth + legendBand + barBand, height: gridHeight)
        for (k, tile) in tiles.enumerated() {
            let t = tile.result.image
            let x0 = leftBand + (k % columns) * tileWidth + (tileWidth - t.width) / 2, y0 = (k / columns) * tileHeight + (tileHeight - t.height) / 2
            for y in 0..<t.height {
                let from = y * t.width * 4, to = ((y0 + y) * image.width + x0) * 4
                image.pixels.replaceSubrange(to..<(to + t.width * 4), with: t.pixels[from..<(from + t.width * 4)])
            }
        }
        var legendBox: PixelRect?
        if let legend, var own = try? RGBAImage(width: legend.box.maxX, height: gridHeight) {
            Legend.draw(legend, text: text, into: &own)
            let box = legend.box
            for y in box.y..<min(box.maxY, gridHeight) {
                let from = (y * own.width + box.x) * 4, to = (y * image.width + sidesWidth + box.x) * 4
                image.pixels.replaceSubrange(to..<(to + box.width * 4), with: own.pixels[from..<(from + box.width * 4)])
            }
            legendBox = PixelRect(x: sidesWidth + box.x, y: box.y, width: box.width, height: box.height)
        }
        if let map, let barLayout { map.draw(barLayout, text: text, on: &image) }
        if let (left, right) = sideLines {
            // Level with the middle of the head on the row's tiles: between their top and bottom
            // letters where they have them, else the tile's middle.
            let boxes = tiles[0].plan.letterBoxes, t = tiles[0].result.image
            let middle = boxes.count >= 2 ? (boxes[0].maxY + boxes[1].y) / 2 : t.height / 2
            for row in 0..<rows {
                let centreY = row * tileHeight + (tileHeight - t.height) / 2 + middle
                for (line, centreX) in [(left, leftBand / 2), (right, leftBand + gridWidth + rightBand / 2)] {
                    text.draw(line, x: centreX - line.ink.width / 2 - line.ink.originX,
                              baseline: centreY - line.ink.height / 2 - line.ink.originY,
                              color: SliceDecorations.letterColor, halo: SliceDecorations.halo, into: &image)
                }
            }
        }
        return SliceMosaic(image: image, plane: request.plane, space: volume.space, columns: columns,
                           gridBox: PixelRect(x: leftBand, y: 0, width: gridWidth, height: gridHeight),
                           slices: tiles.map { ($0.result.index, $0.result.millimetres) }, regions: regions,
                           legendBox: legendBox, colorBarBox: barLayout?.box)
    }

    /// Renders the mosaic and writes its PNG atomically to `out`; returns the `--json` summary.
    public func writeMosaic(_ request: SliceRequest, to out: String) throws -> SliceMosaic.Summary {
        let mosaic = try renderMosaic(request)
        let png = PNGEncoder(compression: SliceResult.pngCompression, channels: .rgb, dpi: request.dpi).encode(mosaic.image)
        try AtomicFile.write(Data(png), to: URL(fileURLWithPath: out))
        return mosaic.summary(out: out)
    }

    /// The plane indices the brain spans: the atlas's labelled box on the bundled template, else
    /// the head's box less a tenth at each end (scalp and neck).
    func mosaicExtent(_ request: SliceRequest, volume: SliceVolume) throws -> ClosedRange<Int> {
        let axis = request.plane.axis
        if request.vmrPath == nil, request.voiPath == nil, request.atlas != SliceRequest.noAtlas {
            let library = try library()
            let labels = try library.atlas(named: atlasName(request, library: library)).labelVolume()
            let (origin, dims) = ([labels.origin.x, labels.origin.y, labels.origin.z], [labels.dims.x, labels.dims.y, labels.dims.z])
            return max(0, origin[axis])...min(volume.dims[axis] - 1, origin[axis] + dims[axis] - 1)
        }
        let survey = survey(of: volume, isTemplate: request.vmrPath == nil)
        guard let low = survey.headLow?[axis], let high = survey.headHigh?[axis], high > low else { return 0...(volume.dims[axis] - 1) }
        let trim = (high - low) / 10
        return (low + trim)...(high - trim)
    }
}
