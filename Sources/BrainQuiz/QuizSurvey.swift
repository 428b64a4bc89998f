import BrainAtlas
import BrainRender

/// What one hemisphere's preset views show at the quiz size: each region's pixels (the figures
/// `render --json` reports for the same scene) and which regions touch in each pick image.
/// Built once per (atlas, hemisphere) and reused by every quiz on it.
public struct QuizSurvey: Sendable {
    /// One preset view.
    public struct View: Sendable {
        public let name: ViewName
        /// Pixels per region id of the quiz's atlas.
        public let pixels: [Int: Int]
        /// Region ids that share a 4-neighbour pixel edge in the pick image.
        public let touching: [Int: Set<Int>]
    }

    /// The size every visibility figure refers to.
    public static let width = RendererContract.surveySize.width
    public static let height = RendererContract.surveySize.height
    /// The visibility rule: an answer shows at least this many pixels in its view.
    public static let minPixels = RendererContract.surveyMinPixels

    public let atlas: String
    public let hemisphere: Hemisphere
    public let views: [View]

    public init(atlas: String, hemisphere: Hemisphere, views: [View]) {
        self.atlas = atlas
        self.hemisphere = hemisphere
        self.views = views
    }

    /// The scene drawn for `view`: the renderer's defaults at the quiz size, so a client asking
    /// render.json for the same view, side and size gets the same pixels (and a server's cache hit).
    /// Built through the scene's field table, as any front end builds one; `extra` adds fields
    /// (a worksheet's highlight).
    public static func sceneRequest(atlas: String, hemisphere: Hemisphere, view: ViewName, width: Int = width,
                                    height: Int = height, extra: [String: String] = [:]) throws(FieldError) -> SceneRequest {
        let fields = ["atlas": atlas, "view": view.rawValue, "hemi": hemisphere == .right ? "right" : "left",
                      "width": String(width), "height": String(height)]
        return try SceneRequest(fields.merging(extra) { $1 })
    }

    /// One view's figures from its drawn scene and pick image.
    public static func view(_ name: ViewName, scene: AtlasScene, index: IndexImage) -> View {
        let report = RenderReport(scene: scene, index: index, out: nil)
        var pixels: [Int: Int] = [:]
        for entry in report.regions where entry.region.atlas == scene.request.atlas {
            pixels[entry.region.id, default: 0] += entry.extra.pixels
        }
        // Pick id → region id, looked up once per id rather than once per pixel.
        var regionOf: [UInt32: Int] = [:]
        for id in Set(index.ids) where id != 0 {
            if let region = scene.target(id: id)?.region, region.atlas == scene.request.atlas { regionOf[id] = region.id }
        }
        var touching: [Int: Set<Int>] = [:]
        func meet(_ a: UInt32, _ b: UInt32) {
            guard a != b, let ra = regionOf[a], let rb = regionOf[b], ra != rb else { return }
            touching[ra, default: []].insert(rb)
            touching[rb, default: []].insert(ra)
        }
        let (w, h) = (index.width, index.height)
        index.ids.withUnsafeBufferPointer { ids in
            for y in 0..<h {
                for x in 0..<w {
                    let here = ids[y * w + x]
                    if x + 1 < w { meet(here, ids[y * w + x + 1]) }
                    if y + 1 < h { meet(here, ids[(y + 1) * w + x]) }
                }
            }
        }
        return View(name: name, pixels: pixels, touching: touching)
    }

    /// The view where region `id` shows the most pixels (ties: the earlier preset), if any.
    public func bestView(for id: Int) -> (view: View, pixels: Int)? {
        var best: (view: View, pixels: Int)?
        for view in views {
            if let p = view.pixels[id], p > (best?.pixels ?? 0) { best = (view, p) }
        }
        return best
    }

    /// Region ids that reach `minPixels` in some view, ascending.
    public var askable: [Int] {
        var ids = Set<Int>()
        for view in views {
            for (id, p) in view.pixels where p >= Self.minPixels { ids.insert(id) }
        }
        return ids.sorted()
    }
}
