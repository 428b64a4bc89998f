import BrainAtlas
import BrainFormats
import BrainRender
import Hummingbird

/// Reads a `/api/quiz` query into the library's `QuizRequest.Fields`; the keys are spelled
/// here, every value is checked by `QuizRequest` (the CLI's checks).
enum QuizQuery {
    static let keys: Set<String> = ["atlas", "count", "seed", "mode", "hemi", "review"]

    static func parse(_ q: QueryParameters, library: AtlasLibrary) throws -> QuizRequest {
        try q.allowOnly(keys)
        var fields = QuizRequest.Fields()
        fields.atlas = try q.name("atlas")
        fields.count = q.string("count")
        fields.seed = q.string("seed")
        fields.mode = q.string("mode")
        fields.hemi = q.string("hemi")
        fields.review = q.string("review")
        do {
            return try QuizRequest(fields, library: library)
        } catch {
            throw APIError.badRequest(error.message(spelling: QueryWording.spell))
        }
    }
}

/// The quiz route, registered from `Routes`.
enum QuizRoutes {
    static let path = "/api/quiz"

    static func register(on router: Router<BasicRequestContext>, engine: AtlasEngine) {
        let service = QuizService(renderer: engine.renderer)
        router.get(RouterPath(stringLiteral: path)) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            let quiz = try await service.quiz(try QuizQuery.parse(q, library: engine.library))
            return HTTPResponses.json(try BrainJSON.encode(quiz))
        }
    }
}
