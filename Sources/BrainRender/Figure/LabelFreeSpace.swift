import BrainImage
import Foundation

/// Where labels may still go while `RegionLabels` places them: the image minus the boxes taken
/// (labels, legend, orientation cue) and the leader lines drawn; outside labels also keep off the
/// brain's silhouette (a summed-area table answers "any brain pixel in this box?" at once).
struct FreeSpace {
    let map: RegionMap
    private var taken: [PixelRect]
    private var leaders: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
    private let brainSums: [Int32]
    /// The brain's centre: the mean of its drawn pixels (rays for outside labels start out from it).
    let centre: (x: Double, y: Double)
    /// Empty pixels kept between an outside label and the brain, and between a leader and its label.
    let gap: Int
    /// Pixels kept between labels; the reach of the rays of the first try (`RegionLabels.firstLeader`),
    /// and the longest leader any try may draw (`RegionLabels.maximumLeader`), both in pixels.
    private let spacing: Int
    private let firstLeader: Double
    let longestLeader: Double
    /// Labels keep one em from the image's edges (journals trim figures).
    private let edgeMargin: Int

    init(map: RegionMap, obstacles: [PixelRect]) {
        self.map = map
        taken = obstacles
        let w = map.width, h = map.height
        var sums = [Int32](repeating: 0, count: (w + 1) * (h + 1))
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in 0..<h {
            var row: Int32 = 0
            for x in 0..<w {
                if map.drawn[y * w + x] { row += 1; sx += Double(x); sy += Double(y); n += 1 }
                sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row
            }
        }
        brainSums = sums
        centre = n > 0 ? (sx / n, sy / n) : (Double(w) / 2, Double(h) / 2)
        let size = RegionLabels.textSize(width: w, height: h)
        gap = max(2, size / 5)
        edgeMargin = size
        spacing = Int((RegionLabels.spacing * Double(size)).rounded())
        let diagonal = (Double(w * w + h * h)).squareRoot()
        firstLeader = RegionLabels.firstLeader * diagonal
        longestLeader = RegionLabels.maximumLeader * diagonal
    }

    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: map.width, height: map.height) }

    mutating func take(_ box: PixelRect) { taken.append(box) }

    mutating func take(leader p: RegionLabels.Placement) {
        leaders += Self.segments(of: p)
    }

    /// Brain pixels in `r` (clipped to the image).
    func brainPixels(in r: PixelRect) -> Int {
        let w = map.width + 1
        let x0 = max(0, r.x), y0 = max(0, r.y), x1 = min(map.width, r.maxX), y1 = min(map.height, r.maxY)
        guard x0 < x1, y0 < y1 else { return 0 }
        return Int(brainSums[y1 * w + x1] - brainSums[y0 * w + x1] - brainSums[y1 * w + x0] + brainSums[y0 * w + x0])
    }

    func isFree(_ box: PixelRect) -> Bool {
        clearOfBoxes(box) && !leaders.contains { Self.segment($0, crosses: box) }
    }

    /// Inside the edge margin and half an em from every box taken (leaders not checked).
    func clearOfBoxes(_ box: PixelRect) -> Bool {
        let spaced = box.inset(by: -spacing)
        return bounds.inset(by: edgeMargin).contains(box) && !taken.contains { $0.intersects(spaced) }
    }

    /// The best free place for the name inside region `r` (within `bounds`, its bounding box): the
    /// ink box (halo included) may spill `insideTolerance` of its pixels over the border, onto
    /// neighbours only: the ink and its halo stay on the brain's silhouette (a name running off the
    /// brain's edge reads as a label that lost its place); among the
    /// places that fit, the one whose centre lies deepest in the region wins. The centre is the
    /// label's anchor. A summed-area table of the region over its box makes each try one lookup.
    func inside(region r: Int, in area: PixelRect, depth: BorderDistance, line: TextLine,
                halo: TextHalo) -> RegionLabels.Placement? {
        let ink = line.ink
        let reach = halo.reach
        let iw = ink.width + 2 * reach, ih = ink.height + 2 * reach
        guard iw <= area.width + 2, ih <= area.height + 2 else { return nil }
        let w = area.width + 1
        var sums = [Int32](repeating: 0, count: w * (area.height + 1))
        for y in 0..<area.height {
            var row: Int32 = 0
            let src = (area.y + y) * map.width + area.x
            for x in 0..<area.width {
                if map.labels[src + x] == Int32(r) { row += 1 }
                sums[(y + 1) * w + x + 1] = sums[y * w + x + 1] + row
            }
        }
        func count(_ x0: Int, _ y0: Int) -> Int {  // region pixels in the iw × ih box at (x0, y0), image coordinates
            let ax = max(0, x0 - area.x), ay = max(0, y0 - area.y)
            let bx = min(area.width, x0 + iw - area.x), by = min(area.height, y0 + ih - area.y)
            guard ax < bx, ay < by else { return 0 }
            return Int(sums[by * w + bx] - sums[ay * w + bx] - sums[by * w + ax] + sums[ay * w + ax])
        }
        let needed = iw * ih - Int(Double(iw * ih) * RegionLabels.insideTolerance)
        // Centres must lie at least half the box's height from the border (thirds of a pixel).
        let minDepth = Int32(3 * ih / 2 - 3)
        var candidates: [(depth: Int32, x: Int, y: Int)] = []
        let step = max(1, ih / 6)
        for y in stride(from: area.y, to: area.maxY, by: step) {
            for x in stride(from: area.x, to: area.maxX, by: step) {
                let i = y * map.width + x
                if map.labels[i] == Int32(r), depth.values[i] >= minDepth { candidates.append((depth.values[i], x, y)) }
            }
        }
        candidates.sort { $0.depth != $1.depth ? $0.depth > $1.depth : ($0.y, $0.x) < ($1.y, $1.x) }
        // Ink centre relative to the pen start on the baseline.
        let cx = ink.originX + ink.width / 2, cy = ink.originY + ink.height / 2
        for c in candidates {
            let x = c.x - cx, baseline = c.y - cy
            guard count(x + ink.originX - reach, baseline + ink.originY - reach) >= needed else { continue }
            guard brainPixels(in: PixelRect(x: x + ink.originX - reach, y: baseline + ink.originY - reach,
                                            width: iw, height: ih)) == iw * ih else { continue }
            let box = line.box(x: x, baseline: baseline, margin: reach)
            guard isFree(box) else { continue }
            return .init(region: r, anchorX: c.x, anchorY: c.y, line: line, textX: x, baseline: baseline, box: box, leader: false)
        }
        return nil
    }

    /// The nearest free place off the brain along rays from the anchor: straight out from the
    /// brain's centre, then turning up to 90° either way, then plain left and right; shortest leader
    /// wins. `stretch` lengthens the rays of the first try, never beyond `longestLeader`.
    func outside(region r: Int, anchor a: (x: Int, y: Int), line: TextLine, halo: TextHalo,
                 stretch: Double = 1) -> RegionLabels.Placement? {
        let out = atan2(Double(a.y) - centre.y, Double(a.x) - centre.x)
        var angles = [out]
        for k in 1...6 { angles += [out + Double(k) * .pi / 12, out - Double(k) * .pi / 12] }
        angles += [0, .pi]
        let step = max(2.0, Double(line.size) / 3)
        let limit = min(firstLeader * stretch, longestLeader)
        var best: (cost: Double, placement: RegionLabels.Placement)?
        for (rank, angle) in angles.enumerated() {
            let c = cos(angle), s = sin(angle)
            // Turning away from straight out costs a little, so equal leaders prefer the outward one.
            let penalty = Double(rank) * step / 4
            var t = step
            while t < limit {
                if let b = best, t + penalty >= b.cost { break }
                let px = Double(a.x) + t * c, py = Double(a.y) + t * s
                if px < 0 || py < 0 || px >= Double(map.width) || py >= Double(map.height) { break }
                let (x, baseline) = attach(line, px: px, py: py, c: c, s: s)
                let box = line.box(x: x, baseline: baseline, margin: halo.reach)
                if brainPixels(in: box.inset(by: -gap)) == 0, isFree(box) {
                    let p = RegionLabels.Placement(region: r, anchorX: a.x, anchorY: a.y, line: line, textX: x,
                                                   baseline: baseline, box: box, leader: true)
                    if Self.length(RegionLabels.leaderPath(p)) <= longestLeader, leaderIsClear(p) { best = (t + penalty, p); break }
                }
                t += step
            }
        }
        return best?.placement
    }

    /// The text position whose box meets the ray's point on the side facing the anchor.
    private func attach(_ line: TextLine, px: Double, py: Double, c: Double, s: Double) -> (x: Int, baseline: Int) {
        let midY = Int(py.rounded()) + (line.ascent - line.descent) / 2
        if abs(c) >= 0.5 {
            return c > 0 ? (Int(px.rounded()) + gap, midY) : (Int(px.rounded()) - gap - line.advance, midY)
        }
        let x = Int(px.rounded()) - line.advance / 2
        return s > 0 ? (x, Int(py.rounded()) + gap + line.ascent) : (x, Int(py.rounded()) - gap - line.descent)
    }

    /// A leader crosses no label box but its own, and no other leader.
    func leaderIsClear(_ p: RegionLabels.Placement) -> Bool {
        Self.segments(of: p).allSatisfy { seg in
            !taken.contains(where: { $0 != p.box && Self.segment(seg, crosses: $0) }) && !leaders.contains { Self.segments(seg, $0, clearance: Double(gap)) }
        }
    }

    /// The straight pieces of a placement's leader (`RegionLabels.leaderPath`).
    static func segments(of p: RegionLabels.Placement) -> [(x0: Double, y0: Double, x1: Double, y1: Double)] {
        let path = RegionLabels.leaderPath(p)
        return zip(path, path.dropFirst()).map { ($0.x, $0.y, $1.x, $1.y) }
    }

    /// Whether a segment passes through a rectangle (sampled every half pixel).
    static func segment(_ s: (x0: Double, y0: Double, x1: Double, y1: Double), crosses r: PixelRect) -> Bool {
        let len = ((s.x1 - s.x0) * (s.x1 - s.x0) + (s.y1 - s.y0) * (s.y1 - s.y0)).squareRoot()
        let n = max(1, Int(len * 2))
        for i in 0...n {
            let t = Double(i) / Double(n)
            let x = s.x0 + t * (s.x1 - s.x0), y = s.y0 + t * (s.y1 - s.y0)
            if x >= Double(r.x), y >= Double(r.y), x < Double(r.maxX), y < Double(r.maxY) { return true }
        }
        return false
    }

    /// Whether two segments cross or pass within `clearance` pixels of each other (a leader
    /// running through another's elbow, or grazing it, reads as a crossing too).
    static func segments(_ a: (x0: Double, y0: Double, x1: Double, y1: Double),
                         _ b: (x0: Double, y0: Double, x1: Double, y1: Double), clearance: Double = 0) -> Bool {
        func side(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ px: Double, _ py: Double) -> Double {
            (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        }
        let d1 = side(b.x0, b.y0, b.x1, b.y1, a.x0, a.y0), d2 = side(b.x0, b.y0, b.x1, b.y1, a.x1, a.y1)
        let d3 = side(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0), d4 = side(a.x0, a.y0, a.x1, a.y1, b.x1, b.y1)
        if d1 * d2 < 0 && d3 * d4 < 0 { return true }
        // Otherwise the nearest approach is at one of the four ends.
        func distance(_ px: Double, _ py: Double, _ s: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Double {
            let dx = s.x1 - s.x0, dy = s.y1 - s.y0, len2 = dx * dx + dy * dy
            let t = len2 == 0 ? 0 : min(1, max(0, ((px - s.x0) * dx + (py - s.y0) * dy) / len2))
            let ex = s.x0 + t * dx - px, ey = s.y0 + t * dy - py
            return (ex * ex + ey * ey).squareRoot()
        }
        let nearest = min(distance(a.x0, a.y0, b), distance(a.x1, a.y1, b), distance(b.x0, b.y0, a), distance(b.x1, b.y1, a))
        return nearest <= clearance
    }
}
