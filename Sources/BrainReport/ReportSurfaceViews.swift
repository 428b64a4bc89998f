import BrainAtlas
import BrainMaps
import BrainRender

/// The four surface pictures of a report: lateral and medial views of each hemisphere, the map coloured
/// onto the cortex and the default atlas drawn as outlines, drawn in one GL context, then the page's
/// one colour bar (`ReportColorBar`), which every view and slice shares.
enum ReportSurfaceViews {
    static let width = 640
    static let height = 480
    static let views: [(view: String, hemi: String)] = [("lateral", "left"), ("medial", "left"), ("lateral", "right"), ("medial", "right")]

    /// The views of a volume map on the bundled cortex, or with `meshFile` (an SMP map's mesh) the views of `only` side.
    /// `maps` holds the map already read for the table.
    static func draw(_ request: MapReportRequest, library: AtlasLibrary, maps: MapOverlayStore = MapOverlayStore(),
                     meshFile: String? = nil, only: Hemisphere? = nil, step: () -> Void) throws -> [ReportFigure] {
        let assets = SceneAssets(library: library, maps: maps)
        let context = try GLContext(width: width, height: height, backend: request.glBackend)
        let pictures = try views.filter { only == nil || $0.hemi == only?.rawValue }.map { v in
            var fields = request.overlayFields
            fields.merge(["view": v.view, "hemi": v.hemi, "size": "\(width)x\(height)"]) { $1 }
            if let meshFile { fields["mesh"] = meshFile } else { fields.merge(["surface": request.surface.rawValue, "outline": "true"]) { $1 } }
            let scene = try SceneRequest(fields)
            // The request's mesh, if any, decides the source (`SceneSource`), as for every scene; either way the map
            // comes from `maps`.
            var frame = try DrawnFrame(try SceneSource.of(scene, maps: maps) { assets }.scene(scene).sharingItsColorBar(),
                                       context: context)
            let figure = ReportFigure(caption: "\(v.hemi.capitalized) hemisphere, \(v.view) (\(request.surface.rawValue))",
                                      png: try frame.png(context: context), width: width, height: height,
                                      name: "cortex-\(v.hemi)-\(v.view)")
            step()
            return figure
        }
        return pictures + [try ReportColorBar.figure(try maps.overlay(try OverlayOptions.read(request.overlayFields)), height: height)]
    }
}
