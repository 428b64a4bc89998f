import BrainAtlas
import BrainQuiz
import BrainFormats
import BrainRender
import Hummingbird

/// The quiz route, registered from `Routes`.
enum QuizRoutes {
    static func register(on router: Router<BasicRequestContext>, engine: AtlasEngine) {
        let service = QuizService(renderer: engine.renderer)
        router.readOnly(Endpoint.quiz) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            let quiz = try await service.quiz(try q.quizRequest(library: engine.library))
            return HTTPResponses.json(try BrainJSON.encode(quiz))
        }
    }
}
