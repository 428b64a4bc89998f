import ArgumentParser
import CommandLineSupport
import BrainAtlas
import BrainMaps
import Foundation

/// `braintutor clusters FILE --threshold T`: the cluster table of a statistical map with every atlas's regions.
struct ClustersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clusters",
        abstract: "List the clusters of a statistical map (VMP or NIfTI in MNI/Talairach space; SMP on a mesh) with the regions of every atlas.",
        discussion: MapClusterOptions.help(listing: true))

    @OptionGroup var data: DataOptions
    @OptionGroup var map: MapClusterOptions
    @Option(help: ArgumentHelp("SMP maps: the mesh of their vertices, a bundled cortex mesh (pial-left, …) or an .srf file (…_MNI.srf for MNI points and regions).", valueName: "mesh")) var mesh: String?
    @Flag(help: "Print JSON (docs/MAPS.md).") var json = false
    @Flag(help: "Print CSV, one row per cluster (docs/MAPS.md).") var csv = false

    func run() throws {
        try CommandOutput.run(json: json) {
            guard !(json && csv) else { throw MapsError("--json and --csv: choose one") }
            let (file, request) = try map.read(command: "clusters", listing: true)
            if MapFileKind.isSurfaceMap(file) { return try surfaceClusters(file, request) }
            if mesh != nil { throw MapsError("--mesh: applies to SMP maps; \(file) is a volume map") }
            let volume = try MapVolume.load(URL(fileURLWithPath: file), map: request.map, normalisation: map.normalisation(request))
            let options = try request.options(for: volume) { done, total in Progress.report("noise fields", done, total) }
            let report = try ClusterReport.make(map: volume, options: options, library: data.library()) { done, total in
                Progress.report("clusters", done, total)
            }
            if json { return try CommandOutput.printJSON(report) }
            print(csv ? report.csv() : report.text())
        }
    }

    /// A surface map's clusters on its mesh.
    func surfaceClusters(_ file: String, _ request: MapClusterRequest) throws {
        let options = try request.surfaceOptions()
        guard let mesh else { throw MapsError("--mesh: a surface map (SMP, GIFTI, FreeSurfer curv or MGH) needs the mesh of its vertices (pial-left, inflated-right, … or an .srf file)") }
        let surface = try SurfaceMesh.open(mesh, library: data.library)
        let report = try SurfaceClusterReport.make(smp: URL(fileURLWithPath: file), map: request.map, mesh: surface,
                                                   options: options, library: data.library)
        if json { return try CommandOutput.printJSON(report) }
        print(csv ? report.csv() : report.text())
    }
}
