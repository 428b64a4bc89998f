import BrainAtlas
import BrainImage
import Foundation

/// The names of the visible regions placed on a render (`--labels`); the rules are in
/// docs/FIGURES.md ("Labels"). Placements are computed from the pick image at output size, so a
/// label's anchor is a pixel that `pick` names as its region.
public struct RegionLabels {
    /// One placed name.
    public struct Placement: Sendable, Equatable {
        /// Index into the `RegionMap`'s regions: the one under the anchor (for a name shown on both
        /// hemispheres, the side its leader goes to).
        public let region: Int
        /// A pixel of the region: under a name placed inside, the name's centre (deep enough for the
        /// name to fit); for a name outside, the region's pixel farthest from its border, or the
        /// pixel of its largest piece farthest from the brain's centre.
        public let anchorX: Int
        public let anchorY: Int
        public let line: TextLine
        public let textX: Int
        public let baseline: Int
        /// The pixels the label covers, halo included: no two boxes overlap, all lie in the image.
        public let box: PixelRect
        /// Placed outside the brain, joined to the anchor by a leader line.
        public let leader: Bool
    }

    public let placements: [Placement]
    /// Regions named by a number on the brain and a line of the numbered key, in the key's order;
    /// their number and key line are among `placements` too.
    public let keyed: [Keyed]
    /// Regions not labelled: smaller than the size rule, or no free place was found (a region whose
    /// name is already written, on the other hemisphere, is in neither).
    public let tooSmall: [Int]
    public let unplaced: [Int]
    public let size: Int
    public let halo: TextHalo

    /// Text size: one em pixel per 50 of the image's shorter side, at least 10.
    public static func textSize(width: Int, height: Int) -> Int {
        max(10, Int((Double(min(width, height)) / 50).rounded()))
    }
    /// A region gets a label when it covers at least this share of the image, and its deepest
    /// point lies at least `minimumDepth` pixels from its border.
    public static let minimumShare = 0.001
    /// The pixels each region of `map` must cover to be labelled: `minimumShare` of the image, but
    /// `namedShare` for parcels of the networks other than each network's largest in view. A
    /// picture of hundreds of parcels in a few hue families labelled down to 0.1 % had some 33
    /// names, most on leaders across the brain; a journal figure names the large parcels a reader
    /// must find and one parcel of each network, and leaves the rest to the legend's network
    /// headings (and to `pick`).
    public static func labelMinimum(_ map: RegionMap) -> [Int] {
        func pixels(_ share: Double) -> Int { Int((share * Double(map.width * map.height)).rounded(.up)) }
        var named: Set<Int> = []
        return map.regions.map { region in
            // Regions come most pixels first: a network's first parcel is its largest.
            guard region.networkHeading != nil, let network = region.networkIndex else { return pixels(minimumShare) }
            return named.insert(network).inserted ? pixels(minimumShare) : pixels(namedShare)
        }
    }
    public static let minimumDepth = 2.0
    /// Share of the ink box (halo included) allowed to spill over the region's border when the
    /// name is placed inside it.
    public static let insideTolerance = 0.08
    /// Empty pixels kept between two labels, in ems (so that neighbours never read as one name).
    public static let spacing = 0.5
    /// Longest leader line any label may have, as a share of the image's diagonal: a longer one
    /// crosses the brain and reads as pointing at what it passes.
    public static let maximumLeader = 0.25
    /// Reach of the first try's rays, as a share of the diagonal, so that near places go to the
    /// names that need them before the large regions' longer tries (`largeStretch`) take theirs.
    public static let firstLeader = 0.18
    /// Regions covering at least this share of the image must be named: where one line finds no
    /// place outside, they try two lines, then leaders `largeStretch` times longer (up to
    /// `maximumLeader`), then any free place off the brain within that length (`FreeSpace.margin`),
    /// and last a number on the brain with the name in a numbered key (`LabelKey`); never a place
    /// over their neighbours.
    public static let namedShare = 0.01
    public static let largeStretch = 1.6
    public static let textColor = RGBA(20, 20, 24)
    public static let haloColor = RGBA(255, 255, 255, 235)
    public static let leaderColor = RGBA(30, 30, 34)
    /// On a dark background (black, or a dark region) the colours swap: light text and leader
    /// over a dark halo.
    public static let lightTextColor = RGBA(240, 240, 236)
    public static let darkHaloColor = RGBA(0, 0, 0, 215)
    /// Mean relative luminance (0…1) under a label below which its background counts as dark:
    /// where white text has more contrast than black (WCAG contrast ratios are equal at 0.179).
    static let darkBackground = 0.179

    /// Places the names (`names[i]` for region i of `map`), larger regions first, avoiding
    /// `obstacles` (the legend, the orientation cue). Names of `emphasised` regions (the
    /// highlighted ones) are set in `bold` when given.
    public init(map: RegionMap, names: [String], text regular: TextRenderer, obstacles: [PixelRect] = [],
                emphasised: Set<Region> = [], bold: TextRenderer? = nil, minimumPixels given: [Int]? = nil) {
        let size = Self.textSize(width: map.width, height: map.height)
        let halo = TextHalo(color: Self.haloColor, radius: max(1.5, Double(size) / 8))
        let depth = BorderDistance(labels: map.labels, width: map.width, height: map.height)
        let fragments = RegionFragments(map)
        let (anchors, areas) = Self.anchors(map, depth, fragments)
        var room = FreeSpace(map: map, obstacles: obstacles)
        let minimumPixels = given ?? Array(repeating: Int((Self.minimumShare * Double(map.width * map.height)).rounded(.up)),
                                            count: map.regions.count)
        var placed: [Placement] = []
        var pending: [(region: Int, anchor: (x: Int, y: Int))] = []
        var small: [Int] = []
        var named: Set<String> = []
        for r in map.regions.indices {
            // Regions come most pixels first, so a name shown in both hemispheres goes on the larger.
            guard named.insert(names[r]).inserted else { continue }
            guard map.pixels[r] >= minimumPixels[r], let a = anchors[r], depth.pixels(x: a.x, y: a.y) >= Self.minimumDepth else {
                small.append(r); continue
            }
            let text = Self.renderer(map.regions[r], emphasised, regular, bold)
            let line = text.layout(names[r], size: size)
            // One line inside, else the name broken over two lines inside, else outside later.
            let twoLines = { text.layoutTwoLines(names[r], size: size) }
            if let p = room.inside(region: r, in: areas[r], depth: depth, line: line, halo: halo)
                ?? twoLines().flatMap({ room.inside(region: r, in: areas[r], depth: depth, line: $0, halo: halo) }) {
                Self.take(p, &placed, &room)
            } else {
                pending.append((r, a))
            }
        }
        // Then the names that fit nowhere inside, larger regions first, outside with a leader.
        let outer = pending.isEmpty ? [] : Self.outerAnchors(map, depth, fragments, centre: room.centre)
        let largePixels = Int((Self.namedShare * Double(map.width * map.height)).rounded(.up))
        var leftOver: [Int] = []
        for (r, a) in pending {
            let text = Self.renderer(map.regions[r], emphasised, regular, bold)
            let line = text.layout(names[r], size: size)
            var tries = [(line, 1.0)]
            if map.pixels[r] >= largePixels {
                let two = text.layoutTwoLines(names[r], size: size)
                tries += [two.map { ($0, 1.0) }, (line, Self.largeStretch), two.map { ($0, Self.largeStretch) }].compactMap { $0 }
            }
            // From the deepest point, else from the point nearest the silhouette (long, thin
            // regions such as sulci lie deep inside the picture).
            let found = tries.lazy.compactMap { line, stretch in
                room.outside(region: r, anchor: a, line: line, halo: halo, stretch: stretch)
                    ?? outer[r].flatMap({ room.outside(region: r, anchor: $0, line: line, halo: halo, stretch: stretch) })
            }.first
            if let p = found { Self.take(p, &placed, &room) } else { leftOver.append(r) }
        }
        // Last, once every ray has had its turn (so these long leaders take no nearer name's
        // place), large regions still unnamed go anywhere free off the brain, on one line or two,
        // whichever leader is shorter; the leader may go to the same name's region on the other
        // hemisphere when that is nearer the free room.
        var unplaced: [Int] = []
        for r in leftOver {
            let text = Self.renderer(map.regions[r], emphasised, regular, bold)
            let lines = [text.layout(names[r], size: size)] + (text.layoutTwoLines(names[r], size: size).map { [$0] } ?? [])
            let ends = map.regions.indices.filter { names[$0] == names[r] }.flatMap { q in
                [anchors[q].flatMap { depth.pixels(x: $0.x, y: $0.y) >= Self.minimumDepth ? $0 : nil }, outer[q]]
                    .compactMap { $0.map { (region: q, x: $0.x, y: $0.y) } }
            }
            let found = map.pixels[r] < largePixels ? nil : lines.compactMap {
                room.margin(anchors: ends, line: $0, halo: halo)
            }.min { FreeSpace.length(Self.leaderPath($0)) < FreeSpace.length(Self.leaderPath($1)) }
            if let p = found { Self.take(p, &placed, &room) } else { unplaced.append(r) }
        }
        // Large regions that no leader within the limit reaches are numbered on the brain and named in the key.
        let large = unplaced.filter { map.pixels[$0] >= largePixels }
        let key = LabelKey(regions: large, names: names, anchors: anchors, areas: areas, depth: depth, room: &room,
                           text: regular, size: size, halo: halo)
        placed += key.placements
        unplaced.removeAll { r in key.keyed.contains { $0.region == r } }
        keyed = key.keyed
        placements = placed.sorted { $0.region < $1.region }
        tooSmall = small
        self.unplaced = unplaced
        self.size = size
        self.halo = halo
    }

    /// Keeps a placement: its box and leader are no longer free.
    static func take(_ p: Placement, _ placed: inout [Placement], _ room: inout FreeSpace) {
        placed.append(p)
        room.take(p.box)
        if p.leader { room.take(leader: p) }
    }

    /// The renderer a region's name is set with: bold for emphasised regions when there is one.
    static func renderer(_ region: Region?, _ emphasised: Set<Region>, _ regular: TextRenderer, _ bold: TextRenderer?) -> TextRenderer {
        guard let bold, let region, emphasised.contains(region) else { return regular }
        return bold
    }

    /// Per region, the pixel of its largest piece farthest from the border (ties: the one nearest
    /// the piece's centroid), and that piece's bounding box.
    static func anchors(_ map: RegionMap, _ depth: BorderDistance, _ fragments: RegionFragments) -> ([(x: Int, y: Int)?], [PixelRect]) {
        let n = map.regions.count
        var sx = [Double](repeating: 0, count: n), sy = sx
        var x0 = [Int](repeating: .max, count: n), y0 = x0, x1 = [Int](repeating: -1, count: n), y1 = x1
        for y in 0..<map.height {
            for x in 0..<map.width {
                let l = Int(map.labels[y * map.width + x])
                if l >= 0 && fragments.inLargest[y * map.width + x] {
                    sx[l] += Double(x); sy[l] += Double(y)
                    x0[l] = min(x0[l], x); y0[l] = min(y0[l], y); x1[l] = max(x1[l], x); y1[l] = max(y1[l], y)
                }
            }
        }
        let areas = (0..<n).map { PixelRect(x: x0[$0], y: y0[$0], width: x1[$0] - x0[$0] + 1, height: y1[$0] - y0[$0] + 1) }
        var best = [(x: Int, y: Int)?](repeating: nil, count: n)
        var bestDepth = [Int32](repeating: -1, count: n), bestOff = [Double](repeating: 0, count: n)
        for y in 0..<map.height {
            for x in 0..<map.width {
                let i = y * map.width + x
                let l = Int(map.labels[i])
                guard l >= 0, fragments.inLargest[i], depth.values[i] >= bestDepth[l] else { continue }
                let cx = sx[l] / Double(fragments.largestPixels[l]), cy = sy[l] / Double(fragments.largestPixels[l])
                let off = (Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)
                if depth.values[i] > bestDepth[l] || off < bestOff[l] {
                    (best[l], bestDepth[l], bestOff[l]) = ((x, y), depth.values[i], off)
                }
            }
        }
        return (best, areas)
    }

    /// Per region, a second anchor for a leader: of its largest piece's pixels at least 1.5 ×
    /// `minimumDepth` from its border (so the dot sits inside it), the one farthest from the brain's centre.
    static func outerAnchors(_ map: RegionMap, _ depth: BorderDistance, _ fragments: RegionFragments,
                             centre: (x: Double, y: Double)) -> [(x: Int, y: Int)?] {
        let (cx, cy) = centre
        let floor = Int32(3 * 1.5 * Self.minimumDepth)  // chamfer units: thirds of a pixel
        var best = [(x: Int, y: Int)?](repeating: nil, count: map.regions.count)
        var far = [Double](repeating: -1, count: map.regions.count)
        for y in 0..<map.height {
            for x in 0..<map.width {
                let i = y * map.width + x
                let l = Int(map.labels[i])
                guard l >= 0, fragments.inLargest[i], depth.values[i] >= floor else { continue }
                let d = (Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)
                if d > far[l] { (best[l], far[l]) = ((x, y), d) }
            }
        }
        return best
    }

    /// Draws leader lines (with a dot at the anchor), then every name over a halo; labels on a
    /// dark background (judged before anything is drawn) are light over a dark halo.
    public func draw(into image: inout RGBAImage, text: TextRenderer) {
        let dark = darkPlacements(on: image)
        draw(on: &image, dark: dark, text: text)
    }

    /// Which placements sit on dark pixels of `image` (before any text is drawn) and take light text.
    public func darkPlacements(on image: RGBAImage) -> [Bool] {
        placements.map { Self.meanLuminance(image, $0.line.box(x: $0.textX, baseline: $0.baseline)) < Self.darkBackground }
    }

    /// Draws the leaders, then the names, on `canvas`; `dark` from `darkPlacements`.
    public func draw<C: FigureCanvas>(on canvas: inout C, dark: [Bool], text: TextRenderer) {
        let width = max(1.0, Double(size) / 14), dot = max(2.0, Double(size) / 6)
        for (p, dark) in zip(placements, dark) where p.leader {
            canvas.leader(through: Self.leaderPath(p), width: width, dot: dot,
                          color: dark ? Self.lightTextColor : Self.leaderColor,
                          halo: dark ? Self.darkHaloColor : Self.haloColor, haloWidth: 1.2)
        }
        let darkHalo = TextHalo(color: Self.darkHaloColor, radius: halo.radius)
        for (p, dark) in zip(placements, dark) {
            canvas.text(p.line, x: p.textX, baseline: p.baseline, color: dark ? Self.lightTextColor : Self.textColor,
                        halo: dark ? darkHalo : halo, renderer: text)
        }
    }

    /// Mean relative luminance (Rec. 709 weights on linearised sRGB) of the pixels in `box`;
    /// see-through pixels count as light, since the page under a transparent figure is usually white.
    static func meanLuminance(_ image: RGBAImage, _ box: PixelRect) -> Double {
        let x0 = max(0, box.x), y0 = max(0, box.y), x1 = min(image.width, box.maxX), y1 = min(image.height, box.maxY)
        guard x1 > x0, y1 > y0 else { return 1 }
        var sum = 0.0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let i = 4 * (y * image.width + x)
                let a = Double(image.pixels[i + 3]) / 255
                let l = SRGBTransfer.luminance(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
                sum += a * l + (1 - a)
            }
        }
        return sum / Double((x1 - x0) * (y1 - y0))
    }

    /// Where a leader line meets its label (the last point of `leaderPath`).
    static func leaderEnd(_ p: Placement) -> (x: Double, y: Double) { leaderPath(p).last! }

    /// A leader's points from the anchor's centre to its label. A name beside the anchor gets an
    /// elbow: the line runs to the height of the name's middle, then level for one em into the
    /// side of the line box. A name above or below it gets a straight line to the box's nearest point.
    static func leaderPath(_ p: Placement) -> [(x: Double, y: Double)] {
        let b = p.line.box(x: p.textX, baseline: p.baseline)
        let a = (x: Double(p.anchorX) + 0.5, y: Double(p.anchorY) + 0.5)
        let side: Double = Double(b.x) > a.x ? 1 : (Double(b.maxX) < a.x ? -1 : 0)
        guard side != 0 else {
            return [a, (min(max(a.x, Double(b.x)), Double(b.maxX)), min(max(a.y, Double(b.y)), Double(b.maxY)))]
        }
        let end = (x: side > 0 ? Double(b.x) : Double(b.maxX), y: (Double(b.y) + Double(b.maxY)) / 2)
        let elbow = (x: end.x - side * min(Double(p.line.size), abs(end.x - a.x)), y: end.y)
        return abs(elbow.y - a.y) < 1 ? [a, end] : [a, elbow, end]
    }
}
