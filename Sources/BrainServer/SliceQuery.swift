import BrainAtlas
import BrainSlice

/// Reads a `/api/slice` query into BrainSlice's `SliceRequest`: the keys are spelled here,
/// every value is checked by the library (the CLI's checks and limits).
enum SliceQuery {
    static let keys: Set<String> = ["plane", "index", "mni", "at", "space", "atlas", "highlight", "dimOthers",
                                    "outline", "opacity", "scale", "radiological", "labels", "crop", "caption", "legend", "interp"]

    static func parse(_ q: QueryParameters, engine: AtlasEngine) throws -> SliceRequest {
        do {
            var request = SliceRequest(plane: try SlicePlane(field: q.required("plane")),
                                       position: try .parse(index: q.int("index"), mni: q.string("mni"), at: q.string("at"),
                                                            space: q.string("space").map { try SliceRequest.PointSpace(field: $0) }))
            if let atlas = try q.name("atlas") {
                request.atlas = atlas.lowercased() == SliceRequest.noAtlas ? SliceRequest.noAtlas : try engine.checkAtlas(atlas)
            }
            request.highlight = try q.name("highlight")
            request.dimOthers = try q.bool("dimOthers") ?? false
            request.outline = try q.bool("outline") ?? false
            request.opacity = try q.double("opacity") ?? request.opacity
            request.interpolation = try q.string("interp").map { try SliceInterpolation(field: $0) } ?? request.interpolation
            request.scale = try q.int("scale")
            request.radiological = try q.bool("radiological") ?? false
            request.letters = try q.bool("labels") ?? true
            request.crop = try q.string("crop").map { try SliceCrop(field: $0) }
            request.caption = try q.bool("caption") ?? true
            request.legend = try q.bool("legend") ?? false
            try request.validate()
            return request
        } catch let error as SliceError {
            throw APIError.badRequest(QueryWording.message(error))
        }
    }
}
