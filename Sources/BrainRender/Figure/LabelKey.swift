import BrainImage

extension RegionLabels {
    /// A region named through the key: its number on the brain and its name.
    public struct Keyed: Sendable, Equatable {
        public let number: Int
        public let region: Int
        public let name: String
    }
}

/// The textbook's answer for a region no leader within `RegionLabels.maximumLeader` reaches: a
/// number written inside the region and a numbered key ("1 Pars triangularis") off the brain,
/// one block of lines near the numbers where one fits, else each line on its own nearest its
/// number. Numbers run top to bottom, then left to right, as the eye reads the picture.
struct LabelKey {
    private(set) var placements: [RegionLabels.Placement] = []
    private(set) var keyed: [RegionLabels.Keyed] = []

    init(regions: [Int], names: [String], anchors: [(x: Int, y: Int)?], areas: [PixelRect], depth: BorderDistance,
         room: inout FreeSpace, text: TextRenderer, size: Int, halo: TextHalo) {
        guard !regions.isEmpty else { return }
        let order = regions.compactMap { r in anchors[r].map { (r, $0) } }.sorted { ($0.1.y, $0.1.x) < ($1.1.y, $1.1.x) }
        var marks: [RegionLabels.Placement] = []
        for (r, _) in order {
            let number = keyed.count + 1
            guard let mark = room.inside(region: r, in: areas[r], depth: depth, line: text.layout("\(number)", size: size),
                                         halo: halo) else { continue }
            marks.append(mark)
            room.take(mark.box)
            keyed.append(.init(number: number, region: r, name: names[r]))
        }
        guard !keyed.isEmpty else { return }
        let lines = keyed.map { text.layout("\($0.number) \($0.name)", size: size) }
        let near = (x: marks.map { Double($0.anchorX) }.reduce(0, +) / Double(marks.count),
                    y: marks.map { Double($0.anchorY) }.reduce(0, +) / Double(marks.count))
        let lineBoxes = lines.map { PixelRect(x: 0, y: 0, width: $0.box(x: 0, baseline: 0, margin: halo.reach).width,
                                              height: $0.box(x: 0, baseline: 0, margin: halo.reach).height) }
        let block = PixelRect(x: 0, y: 0, width: lineBoxes.map(\.width).max()!, height: lineBoxes.map(\.height).reduce(0, +))
        let keyLines: [RegionLabels.Placement?]
        if let at = room.freeBlock(width: block.width, height: block.height, near: near) {
            var top = at.y
            keyLines = lines.indices.map { i in
                defer { top += lineBoxes[i].height }
                let p = Self.line(lines[i], region: keyed[i].region, left: at.x, top: top, halo: halo)
                room.take(p.box)
                return p
            }
        } else {
            keyLines = lines.indices.map { i in
                let at = room.freeBlock(width: lineBoxes[i].width, height: lineBoxes[i].height,
                                        near: (Double(marks[i].anchorX), Double(marks[i].anchorY)))
                let p = at.map { Self.line(lines[i], region: keyed[i].region, left: $0.x, top: $0.y, halo: halo) }
                if let p { room.take(p.box) }
                return p
            }
        }
        // A number whose key line found no room is taken back: a number nobody can look up names nothing.
        for (i, line) in keyLines.enumerated() {
            if let line { placements += [marks[i], line] }
        }
        keyed = keyed.indices.filter { keyLines[$0] != nil }.map { keyed[$0] }
    }

    /// A key line whose box (halo included) has its top left corner at (`left`, `top`).
    static func line(_ line: TextLine, region: Int, left: Int, top: Int, halo: TextHalo) -> RegionLabels.Placement {
        let probe = line.box(x: 0, baseline: 0, margin: halo.reach)
        let x = left - probe.x, baseline = top - probe.y
        return .init(region: region, anchorX: x, anchorY: baseline, line: line, textX: x, baseline: baseline,
                     box: line.box(x: x, baseline: baseline, margin: halo.reach), leader: false)
    }
}

extension FreeSpace {
    /// The top left corner of a free `width` × `height` block off the brain (kept `gap` from its
    /// silhouette, one em from the image's edges, half an em from other labels, crossed by no
    /// leader) whose centre lies nearest `near`; nil when there is none.
    func freeBlock(width: Int, height: Int, near: (x: Double, y: Double)) -> (x: Int, y: Int)? {
        let step = max(2, RegionLabels.textSize(width: map.width, height: map.height) / 3)
        var candidates: [(distance: Double, box: PixelRect)] = []
        for top in stride(from: 0, to: map.height - height, by: step) {
            for left in stride(from: 0, to: map.width - width, by: step) {
                let box = PixelRect(x: left, y: top, width: width, height: height)
                guard clearOfBoxes(box), brainPixels(in: box.inset(by: -gap)) == 0 else { continue }
                let dx = Double(left) + Double(width) / 2 - near.x, dy = Double(top) + Double(height) / 2 - near.y
                candidates.append((dx * dx + dy * dy, box))
            }
        }
        candidates.sort { $0.distance < $1.distance }
        return candidates.first { isFree($0.box) }.map { ($0.box.x, $0.box.y) }
    }
}
