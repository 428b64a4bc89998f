import Foundation
import Testing
@testable import BrainMaps
import BrainAtlas

/// The cluster-size Monte Carlo against references computed another way: white noise on a line (the longest run
/// of Bernoulli trials, exactly), white noise in a cube (the chance of any voxel at all), and smoothed noise whose
/// smoothness the neighbour-correlation estimate must give back.
@Suite struct ClusterSimulationTests {
    /// P(longest run of successes ≥ k) in n Bernoulli(p) trials, by dynamic programming over the current run length.
    static func longestRunAtLeast(_ k: Int, n: Int, p: Double) -> Double {
        var state = [Double](repeating: 0, count: k)  // state[j]: no run ≥ k yet, current run j
        state[0] = 1
        for _ in 0..<n {
            var next = [Double](repeating: 0, count: k)
            for j in 0..<k {
                next[0] += state[j] * (1 - p)
                if j + 1 < k { next[j + 1] += state[j] * p }
            }
            state = next
        }
        return 1 - state.reduce(0, +)
    }

    @Test func whiteNoiseOnALineGivesTheExactLongestRunDistribution() {
        let n = 40, p = 0.25, iterations = 4000
        let z = StatisticDistribution.z.threshold(upperTail: p)
        let simulation = ClusterSizeSimulation(dims: SIMD3(n, 1, 1), mask: Array(0..<n), fwhmVoxels: .zero, z: z,
                                               twoSided: false, connectivity: .faces)
        let largest = simulation.largestClusters(iterations: iterations, seed: 11)
        for k in 1...7 {
            let exact = Self.longestRunAtLeast(k, n: n, p: p)
            let simulated = ClusterSizeSimulation.correctedP(size: k, largest: largest)
            let standardError = (exact * (1 - exact) / Double(iterations)).squareRoot()
            #expect(abs(simulated - exact) <= 4 * standardError + 1e-3, "k = \(k): simulated \(simulated), exact \(exact)")
        }
        // The size threshold at α: the smallest k whose exact tail is at most α lies within one of the simulated one.
        let alpha = 0.05
        let exactK = (1...n).first { Self.longestRunAtLeast($0, n: n, p: p) <= alpha }!
        #expect(abs(ClusterSizeSimulation.sizeThreshold(largest: largest, alpha: alpha) - exactK) <= 1)
    }

    @Test func whiteNoiseInACubeHasAnyVoxelWithOneMinusOneMinusPToTheM() {
        let side = 8, p = 0.001, iterations = 1500
        let m = side * side * side
        let simulation = ClusterSizeSimulation(dims: SIMD3(side, side, side), mask: Array(0..<m), fwhmVoxels: .zero,
                                               z: StatisticDistribution.z.threshold(upperTail: p), twoSided: true, connectivity: .corners)
        let largest = simulation.largestClusters(iterations: iterations, seed: 3)
        // Both signs, each at p: a voxel passes with probability 2p.
        let exact = 1 - pow(1 - 2 * p, Double(m))
        let simulated = ClusterSizeSimulation.correctedP(size: 1, largest: largest)
        #expect(abs(simulated - exact) <= 4 * (exact * (1 - exact) / Double(iterations)).squareRoot(), "\(simulated) vs \(exact)")
    }

    @Test func sizeThresholdIsTheSmallestSizeAtMostAlphaOfFieldsReach() {
        // 20 fields: sizes 1…20. At α = 0.1 two fields may reach k: k = 19 (fields 19 and 20), not 18 (three).
        let largest = Array(1...20)
        #expect(ClusterSizeSimulation.sizeThreshold(largest: largest, alpha: 0.1) == 19)
        #expect(ClusterSizeSimulation.correctedP(size: 19, largest: largest) == 0.1)
        #expect(ClusterSizeSimulation.sizeThreshold(largest: [Int](repeating: 0, count: 20), alpha: 0.05) == 1)
    }

    /// Noise smoothed with FWHM 3, 2.5 and 4 voxels: unit variance after scaling (over three fields, so the
    /// sample variance's own error, about 0.04, stays well inside the tolerance), and the estimate gives the FWHM back.
    @Test func smoothedNoiseHasUnitVarianceAndItsFWHMIsEstimatedBack() throws {
        let fwhm = SIMD3(3.0, 2.5, 4.0)
        let smoothing = GaussianSmoothing(fwhmVoxels: fwhm)
        let dims = SIMD3(56, 56, 56)
        let scale = Float(1 / smoothing.noiseVariance.squareRoot())
        let r = smoothing.radius
        var interior = [Bool](repeating: false, count: dims.x * dims.y * dims.z)
        for k in r.z..<(dims.z - r.z) { for j in r.y..<(dims.y - r.y) { for i in r.x..<(dims.x - r.x) {
            interior[i + dims.x * (j + dims.y * k)] = true
        } } }
        var sum = 0.0, squares = 0.0, count = 0.0
        var first: [Float] = []
        for key: UInt64 in [99, 100, 101] {
            var field = ClusterSizeSimulation.noise(count: dims.x * dims.y * dims.z, key: key)
            var scratch: [Float] = []
            smoothing.apply(&field, dims: dims, scratch: &scratch)
            for n in field.indices where interior[n] {
                field[n] *= scale
                sum += Double(field[n]); squares += Double(field[n] * field[n]); count += 1
            }
            if first.isEmpty { first = field }
        }
        let variance = squares / count - (sum / count) * (sum / count)
        #expect(abs(variance - 1) < 0.1, "variance \(variance)")
        let estimate = try SmoothnessEstimate.fwhmVoxels(values: first, dims: dims, inMask: { interior[$0] }, name: "noise")
        for axis in 0..<3 { #expect(abs(estimate[axis] - fwhm[axis]) / fwhm[axis] < 0.1, "axis \(axis): \(estimate[axis]) for \(fwhm[axis])") }
    }

    @Test func aSeedGivesOneAnswerAndSmootherNoiseNeedsLargerClusters() {
        let side = 14
        let mask = Array(0..<(side * side * side))
        func run(_ fwhm: Double, seed: UInt64) -> [Int] {
            ClusterSizeSimulation(dims: SIMD3(repeating: side), mask: mask, fwhmVoxels: SIMD3(repeating: fwhm),
                                  z: StatisticDistribution.z.threshold(upperTail: 0.01), twoSided: false, connectivity: .faces)
                .largestClusters(iterations: 120, seed: seed)
        }
        let a = run(2, seed: 5)
        #expect(a == run(2, seed: 5))
        #expect(a != run(2, seed: 6))
        let rough = ClusterSizeSimulation.sizeThreshold(largest: run(0, seed: 5), alpha: 0.05)
        let smooth = ClusterSizeSimulation.sizeThreshold(largest: a, alpha: 0.05)
        #expect(smooth > rough, "FWHM 2 voxels: \(smooth); white noise: \(rough)")
    }

    @Test func theCorrectionStatesItsSettingsAndRefusesWhatItCannotDo() throws {
        let dims = SIMD3(12, 12, 12)
        var values = ClusterSizeSimulation.noise(count: dims.x * dims.y * dims.z, key: 7)
        var scratch: [Float] = []
        GaussianSmoothing(fwhmVoxels: SIMD3(repeating: 2)).apply(&values, dims: dims, scratch: &scratch)
        var map = MapVolume(name: "noise", values: values, dims: dims, affine: [[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0]],
                            space: .mni, display: MapDisplay(threshold: 1, upper: 2, statistic: "t"))
        map.degreesOfFreedom = [30]
        let threshold = ThresholdRequest(p: 0.01)
        let resolved = try threshold.resolve(for: map)
        let given = try ClusterCorrectionRequest(alpha: 0.05, fwhmMm: [4], iterations: 200)
            .resolve(for: map, threshold: resolved.value, thresholdRequest: threshold, connectivity: .corners)
        #expect(given.fwhmMm == [4, 4, 4] && given.fwhmSource == "given" && given.maskVoxels == 1728)
        #expect(abs(given.clusterFormingP - 0.01) < 1e-6 && abs(given.z - 2.3263) < 1e-3)
        #expect(given.minMm3 == Double(given.minVoxels) * 8)
        #expect(given.method.contains("Monte Carlo of 200 Gaussian noise fields, FWHM 4 mm (given)"), "\(given.method)")
        let estimated = try ClusterCorrectionRequest(alpha: 0.05, iterations: 200)
            .resolve(for: map, threshold: resolved.value, thresholdRequest: threshold, connectivity: .corners)
        #expect(estimated.fwhmSource == "estimated from the map" && estimated.method.contains("an approximation"))
        // A map of no stated statistic has no p-value to simulate at.
        let plain = MapVolume(name: "plain", values: values, dims: dims, affine: map.affine, space: .mni)
        let e = try #require(throws: FieldError.self) {
            try ClusterCorrectionRequest(alpha: 0.05, fwhmMm: [4]).resolve(for: plain, threshold: 2, thresholdRequest: ThresholdRequest(value: 2), connectivity: .corners)
        }
        // The field is the correction's; the statistic's own field is named inside, for each front end to spell.
        #expect(e.field == "clusterAlpha" && e.problem.contains("({threshold}: plain holds values of no stated statistic"), "\(e)")
        #expect(throws: FieldError("clusterAlpha", value: "1.5", "must lie between 0 and 1")) { try ClusterCorrectionRequest(alpha: 1.5).validate() }
        #expect(throws: FieldError("fwhm", value: "4,4", "is not F or FX,FY,FZ in mm between 0 and 100")) {
            try ClusterCorrectionRequest(alpha: 0.05, fwhmMm: [4, 4]).validate()
        }
        let few = try #require(throws: FieldError.self) { try ClusterCorrectionRequest(alpha: 0.001, iterations: 1000).validate() }
        #expect(few.field == "clusterIterations" && few.problem.hasSuffix("give at least 5000"), "\(few)")
    }
}
