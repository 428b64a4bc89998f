import BrainImage

extension FreeSpace {
    /// The last resort for a name that must be written (`RegionLabels.namedShare`) and found no
    /// place inside or along a ray: any free place off the brain (kept `gap` pixels from its
    /// silhouette, one em from the image's edges), joined to whichever of `anchors` (a region and
    /// one of its pixels) gives the shortest leader, never longer than `longestLeader`. The leader still crosses no label
    /// and no other leader, so the name never sits over a region it does not name.
    func margin(anchors: [(region: Int, x: Int, y: Int)], line: TextLine, halo: TextHalo) -> RegionLabels.Placement? {
        let step = max(2, line.size / 3)
        let probe = line.box(x: 0, baseline: 0, margin: halo.reach)
        var candidates: [(length: Double, placement: RegionLabels.Placement)] = []
        // Box tops and lefts on a grid of a third of an em; the cheap tests first, leaders last.
        for top in stride(from: 0, to: map.height - probe.height, by: step) {
            for left in stride(from: 0, to: map.width - probe.width, by: step) {
                let x = left - probe.x, baseline = top - probe.y
                let box = line.box(x: x, baseline: baseline, margin: halo.reach)
                guard clearOfBoxes(box), brainPixels(in: box.inset(by: -gap)) == 0 else { continue }
                for a in anchors {
                    let p = RegionLabels.Placement(region: a.region, anchorX: a.x, anchorY: a.y, line: line, textX: x,
                                                   baseline: baseline, box: box, leader: true)
                    let length = Self.length(RegionLabels.leaderPath(p))
                    if length <= longestLeader { candidates.append((length, p)) }
                }
            }
        }
        candidates.sort { $0.length < $1.length }
        return candidates.first { isFree($0.placement.box) && leaderIsClear($0.placement) }?.placement
    }

    /// The length of a leader's path in pixels.
    static func length(_ path: [(x: Double, y: Double)]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { sum, s in
            sum + ((s.1.x - s.0.x) * (s.1.x - s.0.x) + (s.1.y - s.0.y) * (s.1.y - s.0.y)).squareRoot()
        }
    }
}
