import BrainAtlas
import BrainRender

/// Draws a question set from the visibility surveys of an atlas: seeded, so the same request
/// gives the same questions; answers are regions that reach `QuizSurvey.minPixels` in some
/// preset view, each asked once, `review` ids first; name-mode distractors are the answer's
/// neighbours in its view, then regions of its lobe, then any others of its side.
public enum QuizGenerator {
    public static let choiceCount = 4

    /// The sides a request's questions are drawn from.
    public static func hemispheres(_ request: QuizRequest) -> [Hemisphere] {
        switch request.hemi {
        case .left: [.left]
        case .right: [.right]
        case .both: [.left, .right]
        }
    }

    /// `surveys` must hold one survey per side of `hemispheres(request)`.
    public static func generate(_ request: QuizRequest, atlas: Atlas, surveys: [Hemisphere: QuizSurvey]) -> Quiz {
        var rng = SplitMix64(seed: UInt64(request.seed))
        let sides = hemispheres(request).filter { surveys[$0] != nil }
        var remaining: [Hemisphere: [Int]] = [:]
        for side in sides { remaining[side] = surveys[side]!.askable }
        var questions: [Quiz.Question] = []

        func ask(_ id: Int, on side: Hemisphere) {
            remaining[side]?.removeAll { $0 == id }
            // A midline region may be askable from both sides: ask it once.
            for other in sides where other != side { remaining[other]?.removeAll { $0 == id } }
            guard let answer = atlas.region(id: id), let survey = surveys[side],
                  let best = survey.bestView(for: id) else { return }
            let distractors = request.mode == .name
                ? pickDistractors(for: answer, view: best.view, side: side, atlas: atlas, rng: &rng) : []
            let choices = request.mode == .name ? rng.shuffled([answer] + distractors) : []
            questions.append(Quiz.Question(number: questions.count + 1, answer: answer, distractors: distractors,
                                           choices: choices, view: Quiz.View(name: best.view.name, hemi: side),
                                           pixels: best.pixels, anchorMni: atlas.entry(for: answer)?.anchorMni))
        }

        for id in request.review where questions.count < request.count {
            // Each review id still has to be visible on a side this quiz shows.
            if let side = sides.first(where: { remaining[$0]?.contains(id) == true }) { ask(id, on: side) }
        }
        while questions.count < request.count {
            let open = sides.filter { remaining[$0]?.isEmpty == false }
            guard !open.isEmpty else { break }
            let side = sides.count == 1 ? sides[0] : sides[rng.below(sides.count)]
            let drawFrom = remaining[side]?.isEmpty == false ? side : open[0]
            let pool = remaining[drawFrom]!
            ask(pool[rng.below(pool.count)], on: drawFrom)
        }
        return Quiz(request: request, questions: questions)
    }

    /// Throws when the quiz has no question at all: an atlas whose regions lie inside the brain (tissue
    /// classes, subcortical nuclei) shows none on the cortex views a quiz draws, and an empty worksheet
    /// must not pass for a written one.
    public static func requireQuestions(_ quiz: Quiz, atlas: Atlas) throws(FieldError) {
        guard quiz.questions.isEmpty else { return }
        throw FieldError("atlas", value: atlas.name, "has no region on the cortex views a quiz draws (its regions lie "
                         + "inside the brain), so there is nothing to ask; choose a cortical atlas such as gyri or lobes")
    }

    /// Three regions of the answer's side with names unlike the answer's and each other's.
    static func pickDistractors(for answer: Region, view: QuizSurvey.View, side: Hemisphere, atlas: Atlas,
                                rng: inout SplitMix64) -> [Region] {
        let sides: Set<Hemisphere> = answer.hemisphere == .none ? [.none, side] : [answer.hemisphere, .none]
        let candidates = atlas.regions.filter { $0.id != answer.id && sides.contains($0.hemisphere) }
            .sorted { $0.id < $1.id }
        let neighbours = view.touching[answer.id] ?? []
        let lobes = Set(answer.lobes)
        let touching = candidates.filter { neighbours.contains($0.id) }
        let sameLobe = candidates.filter { !neighbours.contains($0.id) && !lobes.isDisjoint(with: $0.lobes) }
        let others = candidates.filter { !neighbours.contains($0.id) && lobes.isDisjoint(with: $0.lobes) }
        var names: Set<String> = [answer.name.lowercased()]
        var chosen: [Region] = []
        for tier in [touching, sameLobe, others] {
            for region in rng.shuffled(tier) where chosen.count < choiceCount - 1 {
                if names.insert(region.name.lowercased()).inserted { chosen.append(region) }
            }
        }
        return chosen
    }
}
