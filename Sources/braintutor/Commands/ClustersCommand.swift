import ArgumentParser
import CommandLineSupport
import BrainMaps
import Foundation

/// `braintutor clusters FILE --threshold T`: the cluster table of a statistical map with every atlas's regions.
struct ClustersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clusters",
        abstract: "List the clusters of a statistical map (VMP or NIfTI in MNI/Talairach space) with the regions of every atlas.")

    @OptionGroup var data: DataOptions
    @Argument(help: "The map: .vmp (name ending _MNI or _TAL) or .nii/.nii.gz.") var file: String
    @Option(help: "Map number (1-based) or name; for 4-D NIfTI, the volume.") var map: String?
    @Option(help: "Cluster voxels have value ≥ T (and ≤ −T with --two-sided).") var threshold: Float
    @Flag(help: "Also clusters of values ≤ −threshold.") var twoSided = false
    @Option(help: ArgumentHelp("Drop clusters smaller than this.", valueName: "mm3")) var minSize: Double = 0
    @Option(help: "Neighbours: 6 (faces), 18 (edges) or 26 (corners).") var connectivity: Int = 26
    @Flag(help: "Print JSON (docs/MAPS.md).") var json = false
    @Flag(help: "Print CSV, one row per cluster (docs/MAPS.md).") var csv = false

    func run() throws {
        try CommandOutput.run(json: json) {
            guard let neighbours = Connectivity(rawValue: connectivity) else {
                throw MapsError("--connectivity: \(connectivity) is not 6, 18 or 26")
            }
            guard !(json && csv) else { throw MapsError("--json and --csv: choose one") }
            let volume = try MapVolume.load(URL(fileURLWithPath: file), map: map)
            let options = ClusterOptions(threshold: threshold, twoSided: twoSided, minSizeMm3: minSize, connectivity: neighbours)
            let report = try ClusterReport.make(map: volume, options: options, library: data.library()) { done, total in
                Progress.report("clusters", done, total)
            }
            if json { return try CommandOutput.printJSON(report) }
            print(csv ? report.csv() : report.text())
        }
    }
}
