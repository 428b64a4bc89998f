import ArgumentParser
import BrainAtlas
import BrainImage
import BrainRender

/// `braintutor render`: a lit (or flat) image of the atlas on the brain surface, as PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the brain surface coloured by an atlas to a PNG (offscreen, OSMesa).")

    @OptionGroup var scene: SceneOptions
    @OptionGroup var gl: GLOptions
    @Option(help: ArgumentHelp("PNG file to write.", valueName: "file.png")) var out = "braintutor.png"
    @Option(name: .customLong("png-compression"), help: "fast (zlib 1 + SUB filter) or best (smallest file).")
    var pngCompression: String = "fast"
    @Flag(help: "Print JSON: {out, size, view, hemi, regions: [region + pixels, centroid, bbox]}.") var json = false
    @Option(help: "on (lit renders supersampled 2×2) or off.") var aa = "on"

    func run() throws {
        try CommandOutput.run(json: json) {
            guard let compression = PNGEncoder.Compression(rawValue: pngCompression) else {
                throw FieldError("pngCompression", value: pngCompression, "is not fast or best")
            }
            var request = try scene.request()
            request.antialias = try Supersampling.factor(option: aa)
            try OutputFile.check(out, extensions: ["png"])
            let report = try RenderJobs.render(request, data: scene.data.dataDirectory, out: out,
                                               compression: compression, report: json, exitsAfter: true)
            if let report { return try CommandOutput.printJSON(report) }
            print(OutputFile.summary(out, size: "\(request.width)×\(request.height)", atlas: request.atlas, view: request.viewLabel))
        }
    }
}

/// The scene options `render` and `pick` share (the server's query mirrors them): read as
/// typed and handed to `SceneRequest`, which checks every value.
struct SceneOptions: ParsableArguments {
    @OptionGroup var data: DataOptions
    @Option(help: "Atlas colouring the surface (any case).") var atlas = "gyri"
    @Option(help: "lateral, medial, superior, inferior, anterior or posterior.") var view = "lateral"
    @Option(help: "left, right or both (default: left for lateral/medial, both otherwise).") var hemi: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Image size, each side 1…\(RequestLimits.maximumImageSide).", valueName: "WxH"))
    var size = "1024x768"
    @Option(help: "Region to show strongly (id, sourceLabel or name as `info` matches it).") var highlight: String?
    @Flag(name: .customLong("dim-others"), help: "With --highlight (required): draw the other regions in light tints.") var dimOthers = false
    @Option(help: "lit (Blinn-Phong) or flat (exact region colours).") var shading = "lit"
    @Option(help: "pial or inflated.") var surface = "pial"
    @Option(help: ArgumentHelp("#RRGGBB or transparent.", valueName: "colour")) var background = "#FFFFFF"
    @Option(parsing: .unconditional, help: "Camera azimuth in degrees, ±360 (0 front, 90 right, -90 left); replaces --view.")
    var azimuth: Double?
    @Option(parsing: .unconditional, help: "Camera elevation in degrees, ±90 (90 above); replaces --view.") var elevation: Double?
    @Flag(help: "Add the see-through head surface.") var head = false
    @Flag(help: "Add the subcortical structures' mesh.") var subcortical = false
    @Option(help: ArgumentHelp("A BrainVoyager SRF to draw instead of the bundled brain.", valueName: "file.srf")) var mesh: String?
    @Option(help: ArgumentHelp("POI file colouring --mesh (default: the SRF's own colours).", valueName: "file.poi")) var poi: String?
    @Flag(help: "Draw thin dark lines on every region border.") var outline = false
    @Flag(help: "Draw the orientation letters (R/L, A/P, S/I as they point on screen) in the bottom-left corner.")
    var orientation = false
    @Flag(help: "Write the names of the visible regions inside them (outside with a leader line where a name does not fit).")
    var labels = false
    @Flag(help: "Add a colour legend of the visible regions (most pixels first) beside the brain, which is framed in the room the legend leaves (pick with --legend answers for that picture).")
    var legend = false
    @Option(help: "on or off: shade sulci darker and gyri lighter in lit renders (default: on for inflated, off for pial).")
    var curvature: String?

    func request() throws -> SceneRequest {
        var fields = SceneRequest.Fields()
        fields.atlas = atlas
        fields.view = view
        fields.hemi = hemi
        (fields.width, fields.height) = try SceneRequest.size(parsing: size)
        fields.highlight = highlight
        fields.dimOthers = dimOthers
        fields.shading = shading
        fields.surface = surface
        fields.background = background
        fields.azimuth = azimuth
        fields.elevation = elevation
        fields.head = head
        fields.subcortical = subcortical
        fields.mesh = mesh
        fields.poi = poi
        fields.outline = outline
        fields.orientation = orientation
        fields.labels = labels
        fields.legend = legend
        fields.curvature = curvature
        return try SceneRequest(fields)
    }
}
