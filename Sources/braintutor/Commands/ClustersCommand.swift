import ArgumentParser
import CommandLineSupport
import BrainAtlas
import BrainMaps
import Foundation

/// `braintutor clusters FILE --threshold T`: the cluster table of a statistical map with every atlas's regions.
struct ClustersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clusters",
        abstract: "List the clusters of a statistical map (VMP or NIfTI in MNI/Talairach space; SMP on a mesh) with the regions of every atlas.")

    @OptionGroup var data: DataOptions
    @OptionGroup var map: MapClusterOptions
    @Option(parsing: .unconditional, help: "Neighbours: 6 (faces), 18 (edges) or 26 (corners, the default); SMP maps: the mesh's edges.") var connectivity: Int?
    @Option(help: ArgumentHelp("SMP maps: the mesh of their vertices, a bundled cortex mesh (pial-left, …) or an .srf file (…_MNI.srf for MNI points and regions).", valueName: "mesh")) var mesh: String?
    @Option(help: "Coordinates of peaks and centres: mni (default) or tal (Talairach, Lancaster's MNI → Talairach).") var space: CoordinateSpace = .mni
    @Flag(help: "Print JSON (docs/MAPS.md).") var json = false
    @Flag(help: "Print CSV, one row per cluster (docs/MAPS.md).") var csv = false

    func run() throws {
        try CommandOutput.run(json: json) {
            guard !(json && csv) else { throw MapsError("--json and --csv: choose one") }
            if MapFileKind.isSurfaceMap(map.file) { return try surfaceClusters() }
            if mesh != nil { throw MapsError("--mesh: applies to SMP maps; \(map.file) is a volume map") }
            guard space != .voxel else { throw MapsError("--space: clusters are listed in mni or tal millimetres") }
            guard let neighbours = Connectivity(rawValue: connectivity ?? Connectivity.corners.rawValue) else {
                throw MapsError("--connectivity: \(connectivity ?? 0) is not 6, 18 or 26")
            }
            let volume = try MapVolume.load(URL(fileURLWithPath: map.file), map: map.map, normalisation: map.normalisation())
            var options = try map.options(connectivity: neighbours, for: volume)
            options.coordinates = space
            let report = try ClusterReport.make(map: volume, options: options, library: data.library()) { done, total in
                Progress.report("clusters", done, total)
            }
            if json { return try CommandOutput.printJSON(report) }
            print(csv ? report.csv() : report.text())
        }
    }

    /// An SMP map's clusters on its mesh.
    func surfaceClusters() throws {
        guard connectivity == nil else { throw MapsError("--connectivity: SMP clusters join along the mesh's edges; leave it out") }
        guard let mesh else { throw MapsError("--mesh: a surface map (SMP, GIFTI, FreeSurfer curv or MGH) needs the mesh of its vertices (pial-left, inflated-right, … or an .srf file)") }
        let surface = try SurfaceMesh.open(mesh, library: data.library)
        let report = try SurfaceClusterReport.make(smp: URL(fileURLWithPath: map.file), map: map.map, mesh: surface,
                                                   options: map.surfaceOptions(),
                                                   library: data.library)
        if json { return try CommandOutput.printJSON(report) }
        print(csv ? report.csv() : report.text())
    }
}
