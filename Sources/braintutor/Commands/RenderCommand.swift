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
    @Option(help: ArgumentHelp("PNG file to write.", valueName: "file.png")) var out = "braintutor.png"
    @Option(name: .customLong("png-compression"), help: "fast (zlib 1 + SUB filter) or best (smallest file).")
    var pngCompression: String = "fast"
    @Flag(help: "Print JSON: {out, size, view, hemi, regions: [region + pixels, centroid, bbox]}.") var json = false
    @Option(help: "on (lit renders supersampled 2×2) or off.") var aa = "on"

    func run() throws {
        try CommandOutput.run {
            guard let compression = PNGEncoder.Compression(rawValue: pngCompression) else {
                throw RenderError.badOption(option: "--png-compression", value: pngCompression, problem: "is not fast or best")
            }
            var request = try scene.request()
            request.antialias = try Supersampling.factor(option: aa)
            let report = try RenderJobs.render(request, data: scene.data.dataDirectory, out: out,
                                               compression: compression, report: json, exitsAfter: true)
            if let report { try CommandOutput.printJSON(report) }
        }
    }
}

/// The scene options `render` and `pick` share (the server's query mirrors them).
struct SceneOptions: ParsableArguments {
    @OptionGroup var data: DataOptions
    @Option(help: "Atlas colouring the surface.") var atlas = "gyri"
    @Option(help: "lateral, medial, superior, inferior, anterior or posterior.") var view = "lateral"
    @Option(help: "left, right or both (default: left for lateral/medial, both otherwise).") var hemi: String?
    @Option(help: ArgumentHelp("Image size.", valueName: "WxH")) var size = "1024x768"
    @Option(help: "Region to show strongly (id, sourceLabel or name as `info` matches it).") var highlight: String?
    @Flag(name: .customLong("dim-others"), help: "With --highlight (required): draw the other regions in light tints.") var dimOthers = false
    @Option(help: "lit (Blinn-Phong) or flat (exact region colours).") var shading = "lit"
    @Option(help: "pial or inflated.") var surface = "pial"
    @Option(help: ArgumentHelp("#RRGGBB or transparent.", valueName: "colour")) var background = "#FFFFFF"
    @Option(help: "Camera azimuth in degrees (0 front, 90 right, -90 left); replaces --view.") var azimuth: Double?
    @Option(help: "Camera elevation in degrees (90 above); replaces --view.") var elevation: Double?
    @Flag(help: "Add the see-through head surface.") var head = false
    @Flag(help: "Add the subcortical structures' mesh.") var subcortical = false
    @Option(help: ArgumentHelp("A BrainVoyager SRF to draw instead of the bundled brain.", valueName: "file.srf")) var mesh: String?
    @Option(help: ArgumentHelp("POI file colouring --mesh (default: the SRF's own colours).", valueName: "file.poi")) var poi: String?

    func request() throws -> SceneRequest {
        var r = SceneRequest()
        r.atlas = atlas
        guard let v = ViewName(userText: view) else {
            throw RenderError.badOption(option: "--view", value: view,
                                        problem: "is not one of \(ViewName.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        r.view = v
        if let hemi {
            guard let h = SceneRequest.HemisphereChoice(userText: hemi) else {
                throw RenderError.badOption(option: "--hemi", value: hemi, problem: "is not left, right or both")
            }
            r.hemisphere = h
        }
        let parts = size.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw RenderError.badOption(option: "--size", value: size, problem: "is not WxH, e.g. 1024x768")
        }
        guard (1...GLContext.maxSide).contains(w), (1...GLContext.maxSide).contains(h) else {
            throw RenderError.badSize(width: w, height: h, limit: GLContext.maxSide)
        }
        r.width = w
        r.height = h
        r.highlight = highlight
        r.dimOthers = dimOthers
        guard let s = Shading(userText: shading) else {
            throw RenderError.badOption(option: "--shading", value: shading, problem: "is not lit or flat")
        }
        r.shading = s
        guard let sf = SceneRequest.Surface(userText: surface) else {
            throw RenderError.badOption(option: "--surface", value: surface, problem: "is not pial or inflated")
        }
        r.surface = sf
        r.background = try Background.parse(background)
        for (name, value) in [("--azimuth", azimuth), ("--elevation", elevation)] {
            if let value, !value.isFinite {
                throw RenderError.badOption(option: name, value: "\(value)", problem: "is not a finite angle")
            }
        }
        r.azimuth = azimuth
        r.elevation = elevation
        r.head = head
        r.subcortical = subcortical
        r.meshFile = mesh
        if poi != nil && mesh == nil {
            throw RenderError.badOption(option: "--poi", value: poi!, problem: "needs --mesh (the bundled atlases bring their own POIs)")
        }
        r.poiFile = poi
        return r
    }
}
