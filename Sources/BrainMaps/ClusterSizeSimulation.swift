import Foundation
import Synchronization

/// A Monte Carlo of the largest cluster in smoothed Gaussian noise inside a mask, as AFNI's 3dClustSim runs it:
/// each iteration fills the mask's bounding box (grown by the kernel's radius) with white noise, smooths it
/// (`GaussianSmoothing`), scales it to unit variance, thresholds the mask's voxels at `z` (and at −`z` with both
/// signs, each on its own) and keeps the size of the largest connected set. Iteration `n`'s noise depends only on
/// the seed and `n`, so the answer is the same on any number of threads.
public struct ClusterSizeSimulation: Sendable {
    let boxDims: SIMD3<Int>
    /// Indices into the box of the mask's voxels.
    let maskInBox: [Int32]
    let smoothing: GaussianSmoothing
    let z: Double
    let twoSided: Bool
    let offsets: [Int]

    /// `mask`: grid indices (x fastest in `dims`) of the voxels noise is tested in; `z`: the per-tail threshold in
    /// standard deviations.
    public init(dims: SIMD3<Int>, mask: [Int], fwhmVoxels: SIMD3<Double>, z: Double, twoSided: Bool, connectivity: Connectivity) {
        smoothing = GaussianSmoothing(fwhmVoxels: fwhmVoxels)
        self.z = z
        self.twoSided = twoSided
        var lo = SIMD3(Int.max, Int.max, Int.max), hi = SIMD3(Int.min, Int.min, Int.min)
        func voxel(_ i: Int) -> SIMD3<Int> { SIMD3(i % dims.x, (i / dims.x) % dims.y, i / (dims.x * dims.y)) }
        for i in mask {
            let v = voxel(i)
            lo = pointwiseMin(lo, v)
            hi = pointwiseMax(hi, v)
        }
        if mask.isEmpty { (lo, hi) = (.zero, .zero) }
        // A margin of at least one voxel keeps every neighbour of a mask voxel inside the box.
        let margin = pointwiseMax(smoothing.radius, SIMD3(repeating: 1))
        let origin = lo &- margin
        let box = hi &- lo &+ 1 &+ margin &* 2
        boxDims = box
        maskInBox = mask.map { i in
            let v = voxel(i) &- origin
            return Int32(v.x + box.x * (v.y + box.y * v.z))
        }
        offsets = connectivity.offsets.map { $0.x + box.x * ($0.y + box.y * $0.z) }
    }

    /// Voxels in the mask.
    public var maskVoxels: Int { maskInBox.count }

    /// The largest cluster (voxels, 0 when none) of each of `iterations` simulated fields, in iteration order.
    /// `progress(done, total)` is called between batches on the calling thread.
    public func largestClusters(iterations: Int, seed: UInt64, progress: (Int, Int) -> Void = { _, _ in }) -> [Int] {
        let out = Mutex([Int](repeating: 0, count: iterations))
        let batch = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        var done = 0
        progress(0, iterations)
        while done < iterations {
            let count = min(batch, iterations - done)
            let first = done
            DispatchQueue.concurrentPerform(iterations: count) { n in
                let size = largestCluster(iteration: first + n, seed: seed)
                out.withLock { $0[first + n] = size }
            }
            done += count
            progress(done, iterations)
        }
        return out.withLock { $0 }
    }

    /// One simulated field's largest cluster.
    func largestCluster(iteration: Int, seed: UInt64) -> Int {
        let total = boxDims.x * boxDims.y * boxDims.z
        var field = Self.noise(count: total, key: Self.mix(seed &+ Self.mix(UInt64(iteration) &+ 0x5EED)))
        var scratch: [Float] = []
        smoothing.apply(&field, dims: boxDims, scratch: &scratch)
        let level = Float(z * smoothing.noiseVariance.squareRoot())
        var largest = 0
        var state = [UInt8](repeating: 0, count: total)
        var stack: [Int32] = []
        for sign: Float in twoSided ? [1, -1] : [1] {
            for m in maskInBox { state[Int(m)] = 1 }
            for m in maskInBox where state[Int(m)] == 1 && field[Int(m)] * sign >= level {
                state[Int(m)] = 0
                stack.append(m)
                var size = 0
                while let v = stack.popLast() {
                    size += 1
                    for o in offsets {
                        let n = Int(v) + o
                        if state[n] == 1 && field[n] * sign >= level {
                            state[n] = 0
                            stack.append(Int32(n))
                        }
                    }
                }
                largest = max(largest, size)
            }
        }
        return largest
    }

    /// The smallest size k such that at most a share `alpha` of the fields have a cluster of k voxels or more:
    /// clusters of at least k voxels are significant at cluster level `alpha`.
    public static func sizeThreshold(largest: [Int], alpha: Double) -> Int {
        let sorted = largest.sorted(by: >)
        let allowed = Int((alpha * Double(sorted.count)).rounded(.down))
        // With `allowed` fields allowed at or above k, k is one more than the next largest field's cluster.
        return allowed < sorted.count ? sorted[allowed] + 1 : 1
    }

    /// The share of fields whose largest cluster has at least `size` voxels: a cluster's corrected p-value.
    public static func correctedP(size: Int, largest: [Int]) -> Double {
        Double(largest.filter { $0 >= size }.count) / Double(max(largest.count, 1))
    }

    /// Standard normal values from a counter-based hash of (key, position), two per hash by Box–Muller.
    static func noise(count: Int, key: UInt64) -> [Float] {
        var out = [Float](repeating: 0, count: count)
        out.withUnsafeMutableBufferPointer { values in
            var i = 0
            var counter = key
            while i < count {
                counter &+= 0x9E37_79B9_7F4A_7C15
                let h = mix(counter)
                let u1 = (Double(h >> 32) + 0.5) / 4_294_967_296.0
                let u2 = Double(h & 0xFFFF_FFFF) / 4_294_967_296.0
                let r = (-2 * log(u1)).squareRoot()
                values[i] = Float(r * cos(2 * Double.pi * u2))
                if i + 1 < count { values[i + 1] = Float(r * sin(2 * Double.pi * u2)) }
                i += 2
            }
        }
        return out
    }

    /// SplitMix64's output function: a bijective mix of 64 bits.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
