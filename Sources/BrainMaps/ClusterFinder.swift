/// Finds clusters in a map: connected components of supra-threshold voxels, then their peaks, centres and
/// local maxima. Deterministic: clusters are ordered by size, then peak magnitude, then peak index.
public enum ClusterFinder {
    public static func clusters(in map: MapVolume, options: ClusterOptions) throws -> [Cluster] {
        try options.validate()
        let signs = options.twoSided ? [1, -1] : [1]
        var labels = [Int32](repeating: 0, count: map.voxelCount)
        var found: [Cluster] = []
        let offsets = options.connectivity.offsets
        for sign in signs {
            let s = Float(sign)
            var next: Int32 = 1
            labels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            for start in 0..<map.voxelCount where labels[start] == 0 && map.values[start] * s >= options.threshold {
                let members = grow(from: start, map: map, sign: s, threshold: options.threshold, offsets: offsets,
                                   label: next, labels: &labels)
                next += 1
                let size = Double(members.count) * map.voxelVolume
                guard size >= options.minSizeMm3 else { continue }
                found.append(describe(members.sorted(), sign: sign, map: map, offsets: offsets, labels: labels,
                                      label: next - 1, separation: options.peakSeparationMm))
            }
        }
        return found.sorted { a, b in
            if a.voxels.count != b.voxels.count { return a.voxels.count > b.voxels.count }
            if abs(a.peakValue) != abs(b.peakValue) { return abs(a.peakValue) > abs(b.peakValue) }
            return a.peak < b.peak
        }
    }

    /// Breadth-first growth of one component; `labels` marks visited voxels.
    static func grow(from start: Int, map: MapVolume, sign: Float, threshold: Float, offsets: [SIMD3<Int>],
                     label: Int32, labels: inout [Int32]) -> [Int] {
        var members = [start]
        labels[start] = label
        var head = 0
        let d = map.dims
        while head < members.count {
            let v = map.voxel(members[head])
            head += 1
            for o in offsets {
                let n = v &+ o
                guard n.x >= 0, n.y >= 0, n.z >= 0, n.x < d.x, n.y < d.y, n.z < d.z else { continue }
                let i = map.index(n.x, n.y, n.z)
                if labels[i] == 0 && map.values[i] * sign >= threshold {
                    labels[i] = label
                    members.append(i)
                }
            }
        }
        return members
    }

    static func describe(_ voxels: [Int], sign: Int, map: MapVolume, offsets: [SIMD3<Int>], labels: [Int32], label: Int32,
                         separation: Double) -> Cluster {
        let s = Float(sign)
        var peak = voxels[0]
        var sum = SIMD3<Double>()
        for i in voxels {
            if map.values[i] * s > map.values[peak] * s { peak = i }
            sum += map.mni(ofIndex: i)
        }
        // Local maxima: no neighbour in the cluster is higher; then keep those far enough from every higher one kept.
        let d = map.dims
        var candidates: [Int] = []
        for i in voxels {
            let v = map.voxel(i), value = map.values[i] * s
            var isMax = true
            for o in offsets {
                let n = v &+ o
                guard n.x >= 0, n.y >= 0, n.z >= 0, n.x < d.x, n.y < d.y, n.z < d.z else { continue }
                let j = map.index(n.x, n.y, n.z)
                if labels[j] == label && map.values[j] * s > value { isMax = false; break }
            }
            if isMax { candidates.append(i) }
        }
        candidates.sort { map.values[$0] * s != map.values[$1] * s ? map.values[$0] * s > map.values[$1] * s : $0 < $1 }
        var maxima: [(index: Int, value: Float, mni: SIMD3<Double>)] = []
        for i in candidates {
            let p = map.mni(ofIndex: i)
            let far = maxima.allSatisfy { m in
                let delta = m.mni - p
                return (delta * delta).sum() >= separation * separation
            }
            if far { maxima.append((i, map.values[i], p)) }
        }
        return Cluster(sign: sign, voxels: voxels, sizeMm3: Double(voxels.count) * map.voxelVolume, peak: peak,
                       peakValue: map.values[peak], peakMNI: map.mni(ofIndex: peak),
                       centreOfMass: sum / Double(voxels.count), maxima: maxima)
    }
}
