import ArgumentParser
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
            """)

    @OptionGroup var data: DataOptions
    @Option(help: "axial, coronal or sagittal.") var plane: String
    @Option(parsing: .unconditional, help: "BV voxel index along the plane's axis.") var index: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("The plane's MNI coordinate (needs an MNI or Talairach VMR).", valueName: "mm")) var mni: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("A point to cut through and mark.", valueName: "x,y,z")) var at: String?
    @Option(help: "Space of --at: mni (default), tal, voxel.") var space: String?
    @Option(help: "Atlas to overlay (default: gyri; 'none' for no overlay).") var atlas: String?
    @Option(help: "Region id, sourceLabel or name to show strongly (both sides unless one is named).") var highlight: String?
    @Flag(help: "With --highlight (required): show the other regions as light tints.") var dimOthers = false
    @Flag(help: "Draw every region's outline bold (highlighted regions always are).") var outline = false
    @Option(help: "Overlay opacity 0…1 (default 0.6).") var opacity: Double = RegionOverlay.defaultOpacity
    @Option(help: ArgumentHelp("Scaling between voxel centres: nearest (voxel blocks), linear or cubic (default).", valueName: "nearest|linear|cubic")) var interp: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Grey window (default: white matter's peak grey shows as 208 of 255).", valueName: "low,high")) var window: String?
    @Option(help: "Output pixels per voxel (default: short side ≥ 512 px).") var scale: Int?
    @Flag(help: "Mirror axial and coronal slices (subject's left on the image right).") var radiological = false
    @Flag(help: "Leave out the orientation letters.") var noLabels = false
    @Option(help: ArgumentHelp("head: the head's box plus 8 mm (default); none: the whole plane.", valueName: "head|none")) var crop: String?
    @Option(help: ArgumentHelp("The plane and coordinate under the image (default on).", valueName: "on|off")) var caption = "on"
    @Flag(help: "Add a colour legend of the regions drawn on the slice.") var legend = false
    @Flag(help: "One grey pixel per voxel = voxel value: no overlay, letters, caption, crosshair, crop; scale 1.") var raw = false
    @Option(help: "A VMR file to slice instead of the bundled template.") var vmr: String?
    @Option(help: "A VOI file to overlay instead of an atlas.") var voi: String?
    @Option(help: ArgumentHelp("PNG file to write.", valueName: "file.png")) var out = "slice.png"
    @Flag(help: "Print {out, plane, index, mni, tal, size, imageToMm, regions} as JSON (see above).") var json = false

    func run() throws {
        try CommandOutput.run(json: json) {
            var request = SliceRequest(plane: try SlicePlane(field: plane),
                                       position: try .parse(index: index, mni: mni, at: at,
                                                            space: space.map { try SliceRequest.PointSpace(field: $0) }))
            request.atlas = atlas
            request.highlight = highlight
            request.dimOthers = dimOthers
            request.outline = outline
            request.opacity = opacity
            request.interpolation = try interp.map { try SliceInterpolation(field: $0) } ?? request.interpolation
            request.window = try window.map { try GreyWindow(parsing: $0) }
            request.scale = scale
            request.radiological = radiological
            request.letters = !noLabels
            request.crop = try crop.map { try SliceCrop(field: $0) }
            request.caption = try SliceRequest.switchValue(caption, field: "caption")
            request.legend = legend
            request.raw = raw
            request.vmrPath = vmr
            request.voiPath = voi
            try request.validate()
            try OutputFile.check(out, extensions: ["png"])
            let summary = try Slicer(dataPath: data.dataDirectory).write(request, to: out)
            if json { return try CommandOutput.printJSON(summary) }
            print(OutputFile.summary(out, size: "\(summary.size[0])×\(summary.size[1])", atlas: request.raw ? SliceRequest.noAtlas
                                         : request.voiPath ?? request.atlas ?? SliceRequest.defaultAtlas,
                                     view: summary.caption + (summary.caption.contains("slice") ? "" : ", slice \(summary.index)")))
        }
    }
}
