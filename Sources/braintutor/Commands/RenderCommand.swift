import ArgumentParser
import CommandLineSupport
import BrainAtlas
import BrainImage
import BrainRender

/// `braintutor render`: a lit (or flat) image of the atlas on the brain surface, as PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the brain surface coloured by an atlas to a PNG (offscreen: OSMesa or EGL).",
        discussion: SceneOptions.help)

    @OptionGroup var scene: SceneOptions
    @OptionGroup var gl: GLOptions
    @Option(help: ArgumentHelp("PNG file to write, or SVG or PDF (.svg, .pdf: the picture embedded, text and legend as editable vector text).", valueName: "file.png|file.svg|file.pdf")) var out = "braintutor.png"
    @Option(name: .customLong("png-compression"), help: "fast (zlib 1 + SUB filter) or best (smallest file).")
    var pngCompression: String = "fast"
    @Flag(help: "Print JSON: {out, size, view, hemi, regions: [region + pixels, centroid, bbox]}.") var json = false

    func run() throws {
        try CommandOutput.run(json: json) {
            guard let compression = PNGEncoder.Compression(rawValue: pngCompression) else {
                throw FieldError("pngCompression", value: pngCompression, "is not fast or best")
            }
            let request = try scene.request(command: "render").request
            for note in request.notes { CommandOutput.printNote("note: \(note)") }
            try OutputFile.check(out, extensions: FigureFormat.allCases.map(\.rawValue))
            let report = try RenderJobs.render(request, data: scene.data.dataDirectory, out: out,
                                               compression: compression, report: json, backend: gl.choice, exitsAfter: true,
                                               note: { CommandOutput.printNote("note: \($0)") })
            if let report { return try CommandOutput.printJSON(report) }
            print(OutputFile.summary(out, size: "\(request.width)×\(request.height)", atlas: request.atlas, view: request.viewLabel))
        }
    }
}
