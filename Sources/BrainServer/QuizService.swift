import BrainAtlas
import BrainQuiz
import BrainRender
import Synchronization

/// Answers `/api/quiz`: draws each (atlas, side)'s preset views through the render service
/// (so its scene cache holds them, and render.json for the same view reports the same
/// pixels), keeps the survey made from them, and generates question sets from it.
final class QuizService: Sendable {
    private let renderer: RenderService
    private let surveys = Mutex<[String: QuizSurvey]>([:])

    init(renderer: RenderService) { self.renderer = renderer }

    func quiz(_ request: QuizRequest) async throws -> Quiz {
        let atlas = try renderer.library.atlas(named: request.atlas)
        var found: [Hemisphere: QuizSurvey] = [:]
        for side in QuizGenerator.hemispheres(request) {
            found[side] = try await survey(atlas: request.atlas, side: side)
        }
        let quiz = QuizGenerator.generate(request, atlas: atlas, surveys: found)
        try QuizGenerator.requireQuestions(quiz, atlas: atlas)
        return quiz
    }

    private func survey(atlas: String, side: Hemisphere) async throws -> QuizSurvey {
        let key = "\(atlas)/\(side.rawValue)"
        if let known = surveys.withLock({ $0[key] }) { return known }
        var views: [QuizSurvey.View] = []
        for view in ViewName.allCases {
            let drawn = try await renderer.scene(try QuizSurvey.sceneRequest(atlas: atlas, hemisphere: side, view: view))
            views.append(QuizSurvey.view(view, scene: drawn.scene, index: drawn.index))
        }
        let survey = QuizSurvey(atlas: atlas, hemisphere: side, views: views)
        surveys.withLock { $0[key] = survey }
        return survey
    }
}
