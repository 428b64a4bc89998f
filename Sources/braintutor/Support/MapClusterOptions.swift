import ArgumentParser
import BrainMaps

/// The map and cluster options `clusters` and `report` share: the file, which map, the threshold, sides and smallest cluster.
struct MapClusterOptions: ParsableArguments {
    @Argument(help: "The map: .vmp (name ending _MNI or _TAL) or .nii/.nii.gz (clusters: also .smp with --mesh).") var file: String
    @Option(help: "Map number (1-based) or name; for 4-D NIfTI, the volume.") var map: String?
    @Option(parsing: .unconditional, help: "Cluster voxels have value ≥ T (and ≤ −T with --two-sided).") var threshold: Float
    @Flag(help: "Also clusters of values ≤ −threshold.") var twoSided = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Drop clusters smaller than this (mm² for SMP maps).", valueName: "mm3")) var minSize: Double = 0

    func options(connectivity: Connectivity) -> ClusterOptions {
        ClusterOptions(threshold: threshold, twoSided: twoSided, minSizeMm3: minSize, connectivity: connectivity)
    }

    /// Negative numbers reach here as numbers (`parsing: .unconditional`) and are refused by the cluster
    /// options' own range check, before any file is read.
    func validate() throws {
        try options(connectivity: .corners).validate()
    }
}
