import ArgumentParser
import BrainAtlas
import BrainRender
#if canImport(Glibc)
import Glibc
#endif

/// `braintutor pick X Y`: which region is under a pixel of the image `render` would draw.
struct PickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Name the region under pixel X Y (from the top-left) of the same scene `render` draws.")

    @Argument(help: "Pixel column from the left.") var x: Int
    @Argument(help: "Pixel row from the top.") var y: Int
    @OptionGroup var scene: SceneOptions
    @Flag(help: "Print JSON: {x, y, region: region + text | null, mni: [x,y,z] | null, vertex: N | null}.") var json = false

    /// `BRAINTUTOR_GL_PICK=1`: always draw the GL pick pass, never decide on the CPU (to compare
    /// the two, or to rule the CPU decision out when chasing a wrong answer).
    static var alwaysDraw: Bool { getenv("BRAINTUTOR_GL_PICK").map { String(cString: $0) != "0" } ?? false }

    func run() throws {
        try CommandOutput.run {
            let report = try RenderJobs.pick(try scene.request(), data: scene.data.dataDirectory, x: x, y: y,
                                             decideOnCPU: !Self.alwaysDraw, exitsAfter: true)
            if json { return try CommandOutput.printJSON(report) }
            let mni = report.mni.map { " at MNI (\($0.map { String($0) }.joined(separator: ", ")))" } ?? ""
            guard let region = report.region?.region else {
                guard let surface = report.surface else { return print("(\(x), \(y)): no region (background)") }
                return print("(\(x), \(y)): no region: \(surface)\(mni), vertex \(report.vertex.map(String.init) ?? "–")")
            }
            print("(\(x), \(y)): \(region.displayName) [\(region.atlas) #\(region.id)]\(mni), vertex \(report.vertex.map(String.init) ?? "–")")
        }
    }
}
