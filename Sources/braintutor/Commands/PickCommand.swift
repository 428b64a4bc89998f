import ArgumentParser
import CommandLineSupport
import BrainAtlas
import BrainRender
#if canImport(Glibc)
import Glibc
#endif

/// `braintutor pick X Y`: which region is under a pixel of the image `render` would draw.
struct PickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Name the region under pixel X Y (from the top-left) of the same scene `render` draws.",
        discussion: "X Y: pixel column from the left and row from the top (negative numbers are values).\n\n" + SceneOptions.help)

    @OptionGroup var scene: SceneOptions
    @OptionGroup var gl: GLOptions
    @Flag(help: "Print JSON: {x, y, region: region + text (its provenance the answer's at this vertex) | null, mni: [x,y,z] | null, vertex: N | null, surface: what was hit without a region, or the plane (axial, coronal, sagittal) | null}.") var json = false

    /// `BRAINTUTOR_GL_PICK=1`: always draw the GL pick pass, never decide on the CPU (to compare
    /// the two, or to rule the CPU decision out when chasing a wrong answer).
    static var alwaysDraw: Bool { getenv("BRAINTUTOR_GL_PICK").map { String(cString: $0) != "0" } ?? false }

    /// The error bounds of the rasteriser the chosen GL backend will load (`PickErrorModel.expected`).
    static var errorModel: PickErrorModel { .expectedHere }

    func run() throws {
        try CommandOutput.run(json: json) {
            // Negative numbers look like options, so the pixel is taken from whatever the scene leaves.
            let (request, pixel) = try scene.request(command: "pick", positional: 2)
            let numbers = try NumberArguments.parse(pixel, count: 2, field: "pixel", command: "pick")
            guard let x = Int(exactly: numbers[0]), let y = Int(exactly: numbers[1]) else {
                throw FieldError("pixel", value: pixel.joined(separator: " "), "is not two whole numbers X Y")
            }
            let report = try RenderJobs.pick(request, data: scene.data.dataDirectory, x: x, y: y,
                                             decideOnCPU: !Self.alwaysDraw, errorModel: Self.errorModel, backend: gl.choice, exitsAfter: true)
            if json { return try CommandOutput.printJSON(report) }
            let mni = (report.mni.map { " at MNI (\($0.map { String($0) }.joined(separator: ", ")))" } ?? "")
                + (report.value.flatMap { $0 }.map { ", map value \($0)" } ?? "")
            // A pick on a plane of the slicing mode names the plane instead of a mesh vertex.
            let place = report.vertex == nil && report.surface != nil ? " on the \(report.surface!) plane"
                : ", vertex \(report.vertex.map(String.init) ?? "–")"
            guard let region = report.region?.region else {
                guard let surface = report.surface else { return print("(\(x), \(y)): no region (background)") }
                return print("(\(x), \(y)): no region: \(report.vertex == nil ? "unlabelled voxel" : surface)\(mni)\(place)")
            }
            // What the answer rests on at this vertex ([histology] only inside the ex vivo label).
            let evidence = region.provenance.map { " [\($0.kind.rawValue)]" } ?? ""
            print("(\(x), \(y)): \(region.displayName)\(evidence) [\(region.atlas) #\(region.id)]\(mni)\(place)")
        }
    }
}
