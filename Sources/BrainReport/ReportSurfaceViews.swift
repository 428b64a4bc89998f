import BrainAtlas
import BrainRender

/// The four surface pictures of a report: lateral and medial views of each hemisphere, the map coloured
/// onto the cortex and the default atlas drawn as outlines, drawn in one GL context.
enum ReportSurfaceViews {
    static let width = 640
    static let height = 480
    static let views: [(view: String, hemi: String)] = [("lateral", "left"), ("medial", "left"), ("lateral", "right"), ("medial", "right")]

    static func draw(_ request: MapReportRequest, library: AtlasLibrary, step: () -> Void) throws -> [ReportFigure] {
        let assets = SceneAssets(library: library)
        let context = try GLContext(width: width, height: height)
        return try views.map { v in
            var fields = request.overlayFields
            fields.merge(["view": v.view, "hemi": v.hemi, "surface": request.surface.rawValue, "outline": "true",
                          "size": "\(width)x\(height)"]) { $1 }
            var frame = try DrawnFrame(try AtlasScene.build(try SceneRequest(fields), assets: assets), context: context)
            let figure = ReportFigure(caption: "\(v.hemi.capitalized) hemisphere, \(v.view) (\(request.surface.rawValue))",
                                      png: try frame.png(context: context), width: width, height: height)
            step()
            return figure
        }
    }
}
