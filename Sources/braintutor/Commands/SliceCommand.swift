import ArgumentParser
import CommandLineSupport
import BrainRender
import BrainSlice

/// `braintutor slice`: an orthogonal MRI slice with an atlas (or VOI) overlay, as PNG.
struct SliceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slice",
        abstract: "Cut an axial, coronal or sagittal slice with an atlas overlay and write a PNG.",
        discussion: """
            Image origin top-left. Axial: anterior at the top; coronal and sagittal: superior at the top. \
            Axial and coronal are neurological (subject's left on the image left) unless --radiological; \
            sagittal has anterior on the left. --index is the BV voxel index along the plane's axis \
            (sagittal: z, axial: y, coronal: x). --raw writes the voxel values only (scale 1, no \
            crosshair), so it refuses overlay and window options. By default the slice is cropped to the \
            head's box plus 8 mm (the same box for every slice of a plane), the letters sit in that \
            margin and a caption names the plane and its coordinate.

            --json prints {out, plane, index, mni, tal, size, imageToMm, regions}. "mni" is the plane's MNI \
            coordinate in mm when the VMR is in MNI space (the bundled template), else null; "tal" is \
            the plane's Talairach coordinate when the VMR is in Talairach space, else null. A plane of \
            constant Talairach coordinate is not one of constant MNI coordinate, so neither is \
            converted; both are null for a native-space VMR. "imageToMm" {origin, right, down} maps \
            image point (u, v) (pixel x covers u in x…x+1) to origin + u·right + v·down in the VMR's own mm.

            --pick X,Y writes no image: it names the region under output pixel (X, Y) of the image the \
            same options draw (crop, scale, bands, caption and legend included) and the voxel's MNI point; \
            with --json {x, y, region, mni, plane} (region as `where --json` gives it, or null).

            """ + FieldOptions.discussion("Slice options", SliceRequest.fields, defaults: SliceRequest.defaults))

    @OptionGroup var data: DataOptions
    @OptionGroup var options: FieldOptions
    @Option(help: ArgumentHelp("PNG file to write.", valueName: "file.png")) var out = "slice.png"
    @Flag(help: "Print {out, plane, index, mni, tal, size, imageToMm, regions} as JSON (see above).") var json = false

    func run() throws {
        try CommandOutput.run(json: json) {
            let request = try SliceRequest(try options.given(SliceRequest.fields, command: "slice").given)
            if request.pick != nil {
                let answer = try (data.hasUserAtlas ? Slicer(library: try data.library()) : Slicer(dataPath: data.dataDirectory)).pick(request)
                return json ? try CommandOutput.printJSON(answer) : print(answer.readableText)
            }
            try OutputFile.check(out, extensions: ["png"])
            if let count = request.mosaic {
                let summary = try (data.hasUserAtlas ? Slicer(library: try data.library()) : Slicer(dataPath: data.dataDirectory)).writeMosaic(request, to: out)
                if json { return try CommandOutput.printJSON(summary) }
                return print(OutputFile.summary(out, size: "\(summary.size[0])×\(summary.size[1])",
                                                atlas: request.voiPath ?? request.atlas ?? SliceRequest.defaultAtlas,
                                                view: "mosaic of \(count) \(request.plane.rawValue) slices"))
            }
            var times = StageTimes()
            let slicer = data.hasUserAtlas ? Slicer(library: try data.library()) : Slicer(dataPath: data.dataDirectory)
            let summary = try slicer.write(request, to: out) { times.mark($0) }
            times.report()
            if json { return try CommandOutput.printJSON(summary) }
            print(OutputFile.summary(out, size: "\(summary.size[0])×\(summary.size[1])", atlas: request.raw ? SliceRequest.noAtlas
                                         : request.voiPath ?? request.atlas ?? SliceRequest.defaultAtlas,
                                     view: summary.caption + (summary.caption.contains("slice") ? "" : ", slice \(summary.index)")))
        }
    }
}
