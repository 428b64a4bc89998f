import BrainAtlas
import BrainFormats

/// A region that a source draws only near the midline, grown sideways into the white matter its
/// fibres run through: every voxel of `within` reached from the region along its left–right row,
/// through `within` voxels only and at most `reachMm` from the region's own voxels, joins it.
/// The aseg draws the corpus callosum as a strip a few millimetres wide; its genu, body and
/// splenium continue laterally as the callosal radiation above and beside the lateral ventricles,
/// which is where the JHU white-matter atlas and the textbooks draw them. A row stops at the first
/// voxel that is not `within` (a ventricle, the cingulate cortex, a nucleus), so the callosum does
/// not run under the cingulate gyrus or through the ventricles.
public struct SpreadRule: Codable, Sendable {
    /// Source labels of this atlas's regions (either hemisphere) the region may grow into.
    public var within: [String]
    public var reachMm: Int
    /// Lowest and highest MNI z the grown voxels may have, mm (nil: any).
    public var mniZ: [Int]?

    /// Grows region `id` in `dense` (canonical frame, region ids from 1) in place.
    func apply(to dense: inout [UInt16], id: UInt16, withinIDs: Set<UInt16>) {
        let n = CanonicalFrame.size, c = CanonicalFrame.centre
        let seeds = dense.indices.filter { dense[$0] == id }
        var hits: [Int] = []
        for i in seeds {
            let x = i % n, y = (i / n) % n, z = i / (n * n)
            if let mniZ, mniZ.count == 2, !(mniZ[0] ... mniZ[1]).contains(c - y) { continue }
            for step in [-1, 1] {
                for k in 1 ... max(reachMm, 1) {
                    let zz = z + k * step
                    guard zz >= 0, zz < n else { break }
                    let j = CanonicalFrame.index(x, y, zz)
                    if dense[j] == id { break }
                    guard withinIDs.contains(dense[j]) else { break }
                    hits.append(j)
                }
            }
        }
        for j in hits { dense[j] = id }
    }
}
