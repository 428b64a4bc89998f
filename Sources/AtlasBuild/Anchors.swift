import BrainFormats

/// A point inside each region, for the crosshair, labels and `info`: a centroid can fall outside
/// a curved or split region (a network's centroid lies in white matter).
///
/// The anchor is the voxel of the region's largest 26-connected component nearest that component's
/// centroid. Cortical atlases label only ribbon voxels, so their anchors lie on the ribbon.
enum Anchors {
    /// Per region id (index 0 unused): the anchor voxel's MNI centre, or nil for an empty region.
    static func compute(_ volume: AtlasVolume, regionCount: Int) -> [SIMD3<Double>?] {
        let n = CanonicalFrame.size
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        for (i, l) in zip(volume.indices, volume.labels) where Int(l) <= regionCount { dense[Int(i)] = l }
        var seen = [Bool](repeating: false, count: CanonicalFrame.voxelCount)
        var largest = [[Int32]](repeating: [], count: regionCount + 1)
        var stack: [Int32] = []
        for start in volume.indices where !seen[Int(start)] && dense[Int(start)] != 0 {
            let label = dense[Int(start)]
            var component: [Int32] = []
            seen[Int(start)] = true
            stack.append(start)
            while let i = stack.popLast() {
                component.append(i)
                let v = CanonicalFrame.voxel(Int(i))
                for dz in -1 ... 1 { for dy in -1 ... 1 { for dx in -1 ... 1 {
                    let x = v.x + dx, y = v.y + dy, z = v.z + dz
                    guard x >= 0, x < n, y >= 0, y < n, z >= 0, z < n else { continue }
                    let j = CanonicalFrame.index(x, y, z)
                    guard !seen[j], dense[j] == label else { continue }
                    seen[j] = true
                    stack.append(Int32(j))
                } } }
            }
            // Ties keep the component met first (lowest voxel index), so builds stay byte-identical.
            if component.count > largest[Int(label)].count { largest[Int(label)] = component }
        }
        return largest.map { component in
            guard !component.isEmpty else { return nil }
            let centre = component.reduce(SIMD3<Double>.zero) { $0 + CanonicalFrame.mni(Int($1)) } / Double(component.count)
            var best = component[0], bestDistance = Double.infinity
            for i in component {
                let d = CanonicalFrame.mni(Int(i)) - centre
                let distance = (d * d).sum()
                if distance < bestDistance || (distance == bestDistance && i < best) { best = i; bestDistance = distance }
            }
            return CanonicalFrame.mni(Int(best))
        }
    }
}
