import ArgumentParser
import BrainAtlas
import BrainMaps
import Foundation

/// The map and cluster options `clusters` and `report` share: the file, which map, the threshold, sides and smallest cluster.
struct MapClusterOptions: ParsableArguments {
    @Argument(help: "The map: .vmp (name ending _MNI or _TAL, or native with --trf) or .nii/.nii.gz (clusters: also .smp with --mesh).") var file: String
    @Option(help: "Map number (1-based) or name; for 4-D NIfTI, the volume.") var map: String?
    @Option(parsing: .unconditional, help: "Cluster voxels have value ≥ T (and ≤ −T with --two-sided); or give --p or --q.") var threshold: Float?
    @Option(parsing: .unconditional, help: ArgumentHelp("Threshold at this p-value per voxel through the map's statistic and degrees of freedom (per tail with --two-sided: p/2 each).", valueName: "p")) var p: Double?
    @Flag(help: "With --p: Bonferroni-correct it over the map's in-mask (non-zero) voxels.") var bonferroni = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Threshold at this false discovery rate (Benjamini–Hochberg over the in-mask voxels; a VMP's own FDR table where it holds this q).", valueName: "q")) var q: Double?
    @Option(help: ArgumentHelp("Degrees of freedom when the file stores none (F maps: DF1,DF2).", valueName: "N")) var df: String?
    @Flag(help: "Also clusters of values ≤ −threshold.") var twoSided = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Drop clusters smaller than this (mm² for SMP maps).", valueName: "mm3")) var minSize: Double = 0
    @Option(help: ArgumentHelp("Atlases to describe clusters with, comma-separated; the peak's label is the first of them that contains it (default: all atlases; label from subcortical, gyri, tissue).", valueName: "a,b,c")) var atlases: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Cluster-level correction: keep only clusters large enough to be significant at this alpha, the size found by a Monte Carlo of smoothed Gaussian noise in the map's mask (as AFNI's 3dClustSim).", valueName: "alpha")) var clusterAlpha: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("With --cluster-alpha: the noise's smoothness in mm (F, or FX,FY,FZ along the map's axes); default: estimated from the map.", valueName: "mm")) var fwhm: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("With --cluster-alpha: simulated noise fields.", valueName: "N")) var clusterIterations: Int = ClusterCorrectionRequest.defaultIterations
    @Option(help: ArgumentHelp("With --cluster-alpha: seed of the simulated noise (the same seed gives the same size).", valueName: "N")) var clusterSeed: UInt64 = 1
    @Option(help: ArgumentHelp("A native or AC-PC VMP: the VMR its maps lie on (any grid: 256³, 512³, anisotropic).", valueName: "file.vmr")) var vmr: String?
    @Option(help: ArgumentHelp("A native or AC-PC VMP: the subject's VMR → VMR transformation files in the order they were applied (repeat the option), the last one an MNI normalisation.", valueName: "file.trf")) var trf: [String] = []

    @Option(help: ArgumentHelp("An AC-PC VMP (or one the --trf chain takes to AC-PC): the subject's Talairach landmarks, warping it into Talairach space.", valueName: "file.tal")) var tal: String?

    /// The threshold as asked (a value, or a p or q to turn into one on the map).
    func thresholdRequest() throws -> ThresholdRequest {
        let dfs = try df.map { text in
            try text.split(separator: ",").map { part -> Double in
                guard let d = Double(part.trimmingCharacters(in: .whitespaces)), d > 0, d.isFinite else {
                    throw MapsError("--df: \"\(text)\" is not N or DF1,DF2 with numbers > 0")
                }
                return d
            }
        }
        return ThresholdRequest(value: threshold, p: p, q: q, bonferroni: bonferroni, df: dfs, twoSided: twoSided)
    }

    /// `--cluster-alpha` and its settings (nil when not asked; the settings alone are refused).
    func clusterCorrectionRequest() throws -> ClusterCorrectionRequest? {
        guard let clusterAlpha else {
            if fwhm != nil { throw MapsError("--fwhm: sets the smoothness for --cluster-alpha; give --cluster-alpha too") }
            return nil
        }
        let fwhms = try fwhm.map { text in
            try text.split(separator: ",").map { part -> Double in
                guard let f = Double(part.trimmingCharacters(in: .whitespaces)) else { throw MapsError("--fwhm: \"\(text)\" is not F or FX,FY,FZ in mm") }
                return f
            }
        }
        let request = ClusterCorrectionRequest(alpha: clusterAlpha, fwhmMm: fwhms, iterations: clusterIterations, seed: clusterSeed)
        try request.validate()
        return request
    }

    /// The cluster-level correction at `threshold` on `volume`, with progress on a terminal (nil when not asked).
    func clusterCorrection(for volume: MapVolume, threshold: Float, connectivity: Connectivity) throws -> ClusterCorrection? {
        try clusterCorrectionRequest()?.resolve(for: volume, threshold: threshold, thresholdRequest: thresholdRequest(),
                                               connectivity: connectivity) { done, total in Progress.report("noise fields", done, total) }
    }

    /// Cluster options for `volume`, its threshold found as asked.
    func options(connectivity: Connectivity, for volume: MapVolume) throws -> ClusterOptions {
        let resolved = try thresholdRequest().resolve(for: volume)
        let correction = try clusterCorrection(for: volume, threshold: resolved.value, connectivity: connectivity)
        var options = ClusterOptions(threshold: resolved.value, twoSided: twoSided, minSizeMm3: max(minSize, correction?.minMm3 ?? 0),
                                     connectivity: connectivity)
        options.thresholdMethod = resolved.method
        options.clusterCorrection = correction
        options.atlases = atlasList
        return options
    }

    /// `--atlases` as a list (nil when not given).
    var atlasList: [String]? {
        atlases.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// SMP maps: a value threshold only.
    func surfaceOptions() throws -> ClusterOptions {
        guard let threshold, p == nil, q == nil else { throw MapsError("--p, --q: SMP maps take a --threshold value") }
        guard clusterAlpha == nil else { throw MapsError("--cluster-alpha: simulates volume noise; SMP maps take --min-size in mm²") }
        return ClusterOptions(threshold: threshold, twoSided: twoSided, minSizeMm3: minSize, connectivity: .corners)
    }

    func normalisation() throws -> MapNormalisation? {
        try MapNormalisation.load(vmr: vmr, trfs: trf, tal: tal)
    }

    /// Negative numbers reach here as numbers (`parsing: .unconditional`) and are refused by the cluster
    /// options' own range check, before any file is read.
    func validate() throws {
        if let threshold {
            try ClusterOptions(threshold: threshold, twoSided: twoSided, minSizeMm3: minSize, connectivity: .corners).validate()
        } else if p == nil && q == nil {
            throw MapsError("--threshold: give a value T, or --p P or --q Q")
        }
        guard minSize.isFinite, minSize >= 0 else { throw MapsError("--min-size: \(minSize) must be ≥ 0 mm³") }
        _ = try clusterCorrectionRequest()
    }
}
