import BrainAtlas
import BrainQuiz
import BrainRender
import BrainSlice

/// Reads a query through a request kind's field table (the same table the CLI reads its options
/// through), so a query gives the same request, or the same error, as the command.
extension QueryParameters {
    /// The table's texts: keys outside the table and `extra` are refused, names are checked as
    /// names (never paths), and an empty value is no value (flags excepted: `outline=` is on).
    func given<Request>(_ table: RequestFieldTable<Request>, extra: Set<String> = []) throws(APIError) -> [String: String] {
        try allowOnly(table.queryKeys.union(extra))
        var given: [String: String] = [:]
        for field in table.fields {
            guard let key = field.query, let text = values[key], !(text.isEmpty && field.form != .flag) else { continue }
            if field.kind == .name { try Self.checkName(text, field: key) }
            given[field.key] = text
        }
        return given
    }

    /// A scene query (`/api/render`, `/api/pick`, `/api/scene`); its atlas must be the catalog's.
    func sceneRequest(engine: AtlasEngine, extra: Set<String> = []) throws -> SceneRequest {
        var given = try given(SceneRequest.fields, extra: extra)
        try overlay(into: &given, maps: engine.options.maps)
        let request = try SceneRequest(given)
        if request.atlas != SceneRequest.noAtlas { _ = try engine.checkAtlas(request.atlas) }
        return request
    }

    /// A slice query; its atlas must be the catalog's (or `none`).
    /// With `pixel`, the query's `x` and `y` are the slice's `pick` field (`/api/slice/pick`).
    func sliceRequest(engine: AtlasEngine, pixel: Bool = false) throws -> SliceRequest {
        var given = try given(SliceRequest.fields, extra: pixel ? ["x", "y"] : [])
        try overlay(into: &given, maps: engine.options.maps)
        if pixel {
            guard let x = values["x"], let y = values["y"], !x.isEmpty, !y.isEmpty else {
                throw APIError.badRequest("x/y: both pixel coordinates of the slice image are required")
            }
            given["pick"] = "\(x),\(y)"
        }
        let request = try SliceRequest(given)
        if let atlas = request.atlas, atlas != SliceRequest.noAtlas { _ = try engine.checkAtlas(atlas) }
        return request
    }

    /// `overlay=NAME`: a map the server was started with (`serve --map NAME=FILE`), given to the
    /// request as its file; queries never name files (a name not among the maps is refused).
    static let overlayKey = "overlay"

    func overlay(into given: inout [String: String], maps: [String: String]) throws(APIError) {
        guard let name = values[Self.overlayKey], !name.isEmpty else { return }
        guard let file = maps[name] else {
            throw .badRequest(maps.isEmpty ? "overlay: this server has no maps (start it with --map NAME=FILE)"
                              : "overlay: no map named '\(name.prefix(64))' (maps: \(maps.keys.sorted().joined(separator: ", ")))")
        }
        given["overlay"] = file
    }

    /// A quiz query, checked against the engine's atlases.
    func quizRequest(library: AtlasLibrary) throws -> QuizRequest {
        let given = try given(QuizRequest.fields)
        return try QuizRequest(given, library: library)
    }
}
