import BrainAtlas
import BrainRender

/// Reads a render, render.json or pick query into the library's `SceneRequest.Fields`: the
/// keys are spelled here, every value is checked by `SceneRequest` (the CLI's checks, so the
/// same query gives the same image, or the same error, as the command).
enum SceneQuery {
    static let keys: Set<String> = ["atlas", "view", "hemi", "surface", "w", "h", "highlight",
                                    "dimOthers", "shading", "aa", "azimuth", "elevation", "head", "subcortical",
                                    "outline", "orientation", "labels", "legend", "curvature"]

    static func parse(_ q: QueryParameters, engine: AtlasEngine) throws -> SceneRequest {
        var fields = SceneRequest.Fields()
        if let atlas = try q.name("atlas") { fields.atlas = try engine.checkAtlas(atlas) }
        fields.view = q.string("view")
        fields.hemi = q.string("hemi")
        fields.surface = q.string("surface")
        fields.width = try q.int("w")
        fields.height = try q.int("h")
        fields.highlight = try q.name("highlight")
        fields.dimOthers = try q.bool("dimOthers") ?? false
        fields.shading = q.string("shading")
        fields.aa = q.string("aa")
        fields.azimuth = try q.double("azimuth")
        fields.elevation = try q.double("elevation")
        fields.head = try q.bool("head") ?? false
        fields.subcortical = try q.bool("subcortical") ?? false
        fields.outline = try q.bool("outline") ?? false
        fields.orientation = try q.bool("orientation") ?? false
        fields.labels = try q.bool("labels") ?? false
        fields.legend = try q.bool("legend") ?? false
        fields.curvature = q.string("curvature")
        do {
            return try SceneRequest(fields)
        } catch {
            throw APIError.badRequest(error.message(spelling: QueryWording.spell))
        }
    }
}
