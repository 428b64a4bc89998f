import BrainFormats
import BrainAtlas
import Foundation

/// Cluster-level correction: the smallest cluster size significant at `alpha` at a cluster-forming threshold,
/// by a Monte Carlo of smoothed Gaussian noise in the map's mask (`ClusterSizeSimulation`), as AFNI's 3dClustSim.
public struct ClusterCorrectionRequest: Sendable, Equatable {
    /// Cluster-level false-positive rate (the chance that noise alone gives a cluster this large anywhere in the mask).
    public var alpha: Double
    /// Smoothness in mm: one value, or three along the map's i, j, k axes; nil: estimated from the map itself.
    public var fwhmMm: [Double]?
    public var iterations: Int
    public var seed: UInt64

    public static let defaultIterations = 1000
    public static let iterationRange = 100...100_000

    public init(alpha: Double, fwhmMm: [Double]? = nil, iterations: Int = defaultIterations, seed: UInt64 = 1) {
        self.alpha = alpha
        self.fwhmMm = fwhmMm
        self.iterations = iterations
        self.seed = seed
    }

    /// Refuses values that name no correction, before any file is read (fields by their
    /// `MapClusterRequest` keys).
    public func validate() throws(FieldError) {
        guard alpha > 0, alpha < 1 else { throw FieldError("clusterAlpha", value: ThresholdRequest.text(alpha), "must lie between 0 and 1") }
        if let f = fwhmMm {
            guard f.count == 1 || f.count == 3, f.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 100 }) else {
                throw FieldError("fwhm", value: f.map { ThresholdRequest.text($0) }.joined(separator: ","), "is not F or FX,FY,FZ in mm between 0 and 100")
            }
        }
        guard Self.iterationRange.contains(iterations) else {
            throw FieldError("clusterIterations", value: String(iterations), "is not within \(Self.iterationRange.lowerBound)…\(Self.iterationRange.upperBound)")
        }
        guard Double(iterations) * alpha >= 5 else {
            throw FieldError("clusterIterations", value: String(iterations), "leaves fewer than 5 fields above the size at alpha \(ThresholdRequest.text(alpha)); give at least \(Int((5 / alpha).rounded(.up)))")
        }
    }
}

/// The cluster-size threshold found, and everything it was found with.
public struct ClusterCorrection: Encodable, Sendable, Equatable {
    public let alpha: Double
    /// Clusters of at least this many voxels are significant at `alpha`.
    public let minVoxels: Int
    public let minMm3: Double
    /// Smoothness used along the map's i, j, k axes, in mm.
    public let fwhmMm: [Double]
    /// "given" or "estimated from the map".
    public let fwhmSource: String
    /// The per-voxel p-value (per tail) of the cluster-forming threshold, and that threshold in standard deviations.
    public let clusterFormingP: Double
    public let z: Double
    public let maskVoxels: Int
    public let iterations: Int
    public let seed: UInt64
    /// The sentence the table and the report show.
    public let method: String
}

extension ClusterCorrectionRequest {
    /// Runs the simulation for `map` at `threshold` (found by `thresholdRequest`), with `connectivity` as clusters are grown.
    public func resolve(for map: MapVolume, threshold: Float, thresholdRequest: ThresholdRequest, connectivity: Connectivity,
                        progress: (Int, Int) -> Void = { _, _ in }) throws -> ClusterCorrection {
        try validate()
        let distribution: StatisticDistribution
        do { distribution = try thresholdRequest.nullDistribution(map) } catch let error as FieldError {
            throw FieldError("clusterAlpha", "the threshold's p-value needs the map's statistic and degrees of freedom ({\(error.field)}: \(error.problem))")
        }
        let tails = thresholdRequest.twoSided ? 2.0 : 1.0
        let p = distribution.upperTail(Double(threshold))
        guard p > 0, p < 0.5 else {
            throw FieldError("clusterAlpha", "the threshold \(threshold) has p = \(ThresholdRequest.text(p)) per tail under \(distribution.name); a cluster-forming threshold needs p below 0.5")
        }
        let z = StatisticDistribution.z.threshold(upperTail: p)
        let mask = map.values.indices.filter { map.values[$0].isFinite && map.values[$0] != 0 }
        guard !mask.isEmpty else { throw MapsError("\(map.name): no voxel has a value, so there is no mask to simulate noise in") }
        let spacing = map.voxelSpacing
        let fwhm: SIMD3<Double>
        let source: String
        if let given = fwhmMm {
            fwhm = given.count == 1 ? SIMD3(repeating: given[0]) : SIMD3(given[0], given[1], given[2])
            source = "given"
        } else {
            let inMask = Set(mask)
            let voxels = try SmoothnessEstimate.fwhmVoxels(values: map.values, dims: map.dims, inMask: { inMask.contains($0) }, name: map.name)
            fwhm = voxels * spacing
            source = "estimated from the map"
        }
        let simulation = ClusterSizeSimulation(dims: map.dims, mask: mask, fwhmVoxels: fwhm / spacing, z: z,
                                               twoSided: thresholdRequest.twoSided, connectivity: connectivity)
        let largest = simulation.largestClusters(iterations: iterations, seed: seed, progress: progress)
        let k = ClusterSizeSimulation.sizeThreshold(largest: largest, alpha: alpha)
        let minMm3 = Double(k) * map.voxelVolume
        let fwhmText = fwhm.x == fwhm.y && fwhm.y == fwhm.z ? "\(Self.mm(fwhm.x)) mm" : "(\([fwhm.x, fwhm.y, fwhm.z].map(Self.mm).joined(separator: ", "))) mm"
        let sourceText = source == "given" ? "given" : "estimated from the map's own neighbour correlation, an approximation: a statistic map's signal makes it smoother than its noise"
        let method = "clusters ≥ \(k) voxels (\(minMm3.hundredthsText) mm³) for cluster-level α = \(ThresholdRequest.text(alpha)): "
            + "Monte Carlo of \(iterations) Gaussian noise fields, FWHM \(fwhmText) (\(sourceText)), in the map's \(mask.count) in-mask voxels, "
            + "thresholded at p < \(ThresholdRequest.text(p)) per tail (z = \(ThresholdRequest.text((z * 1e4).rounded() / 1e4))), \(tails == 2 ? "both signs" : "positive"), "
            + "\(connectivity.rawValue)-connected, seed \(seed)"
        return ClusterCorrection(alpha: alpha, minVoxels: k, minMm3: minMm3, fwhmMm: [fwhm.x, fwhm.y, fwhm.z].map { ($0 * 100).rounded() / 100 },
                                 fwhmSource: source, clusterFormingP: p, z: z, maskVoxels: mask.count, iterations: iterations,
                                 seed: seed, method: method)
    }

    static func mm(_ x: Double) -> String { x.hundredthsText }
}

extension MapVolume {
    /// Length in mm of one voxel step along each grid axis (the affine's column lengths).
    public var voxelSpacing: SIMD3<Double> {
        SIMD3((0..<3).map { c in (0..<3).reduce(0.0) { $0 + affine[$1][c] * affine[$1][c] }.squareRoot() })
    }
}
