import ArgumentParser
import BrainAtlas
import BrainMaps
import BrainReport
import CommandLineSupport
import Foundation

/// `braintutor report FILE --threshold T --out report.html`: a map's clusters, surface views and peak slices on one page.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page for a statistical map: cluster table, cortex views and slices through each peak.",
        discussion: """
            The page holds the `clusters` table (every atlas), lateral and medial views of both hemispheres with the \
            map, and axial, coronal and sagittal slices through the peak of each of the first \(MapReport.figureClusters) \
            clusters; pictures are embedded PNGs and styles inline, so it needs no other file or network (docs/MAPS.md).

            """ + MapClusterOptions.help())

    @OptionGroup var data: DataOptions
    @OptionGroup var gl: GLOptions
    @OptionGroup var map: MapClusterOptions
    @Option(help: "Cortex surface of the views: inflated or pial.") var surface = CortexSurface.inflated.rawValue
    @Option(help: ArgumentHelp("SMP maps: the bundled cortex mesh of their vertices (pial-left, pial-right, inflated-left, inflated-right).", valueName: "mesh")) var mesh: String?
    @Option(help: ArgumentHelp("HTML file to write.", valueName: "file.html")) var out = "report.html"
    @Option(help: ArgumentHelp("Also write every figure of the page as PNG and SVG into this folder (created if missing).", valueName: "folder")) var figures: String?

    func run() throws {
        try CommandOutput.run(json: false) {
            guard let cortex = CortexSurface(rawValue: surface.lowercased()) else {
                throw FieldError("surface", value: surface, "is not inflated or pial")
            }
            try OutputFile.check(out, extensions: ["html"])
            if let figures { try OutputFile.checkFolder(figures) }
            var request = try map.reportRequest(command: "report", surface: cortex, mesh: mesh)
            request.glBackend = gl.choice
            if request.isSurfaceMap {
                let report = try SurfaceMapReport.make(request, library: data.library()) { done, total in Progress.report("report", done, total) }
                try report.write(to: out)
                let count = report.clusters.clusters.count
                if let figures { print("wrote \(try report.views.write(toFolder: figures).count) figure files in \(figures)") }
                return print("wrote \(out): \(count) surface cluster\(count == 1 ? "" : "s"), \(report.views.count - 1) views with one colour bar")
            }
            if mesh != nil { throw MapsError("--mesh: applies to SMP maps; \(request.file) is a volume map") }
            let report = try MapReport.make(request, library: data.library()) { done, total in Progress.report("report", done, total) }
            try report.write(to: out)
            let count = report.clusters.clusters.count
            if let figures { print("wrote \(try report.figures.write(toFolder: figures).count) figure files in \(figures)") }
            print("wrote \(out): \(count) cluster\(count == 1 ? "" : "s"), \(report.views.count - 1) cortex views, \(report.peakSlices.count * 3) slices, a glass brain, one colour bar")
        }
    }
}
