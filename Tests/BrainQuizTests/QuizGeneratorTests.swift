import BrainAtlas
import BrainFormats
import Foundation
import Testing
import BrainRender
@testable import BrainQuiz

/// The quiz generator on the bundled gyri atlas: surveys drawn once per side with the real
/// renderer, then question sets checked for determinism, visibility and plausible choices.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct QuizGeneratorTests {
    static let surveys: Result<[Hemisphere: QuizSurvey], any Error> = Result {
        let context = try GLContext(width: QuizSurvey.width, height: QuizSurvey.height)
        return [.left: try QuizWorksheet.survey(atlas: "gyri", side: .left, assets: BundledAtlas.assets!, context: context),
                .right: try QuizWorksheet.survey(atlas: "gyri", side: .right, assets: BundledAtlas.assets!, context: context)]
    }

    static func quiz(_ configure: (inout [String: String]) -> Void) throws -> Quiz {
        var fields: [String: String] = [:]
        configure(&fields)
        let library = BundledAtlas.assets!.library
        let request = try QuizRequest(fields, library: library)
        return QuizGenerator.generate(request, atlas: try library.atlas(named: request.atlas), surveys: try surveys.get())
    }

    @Test func splitMixMatchesTheReferenceSequence() {
        // SplitMix64's published first outputs for seed 0.
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        var a = SplitMix64(seed: 5), counts = [Int](repeating: 0, count: 3)
        for _ in 0..<3000 { counts[a.below(3)] += 1 }
        #expect(counts.allSatisfy { (900...1100).contains($0) }, "below(3) is even: \(counts)")
    }

    @Test func sameSeedSameBytesOtherSeedsOtherSets() throws {
        let a = try BrainJSON.encode(try Self.quiz { $0["seed"] = "42"; $0["mode"] = "name" })
        let b = try BrainJSON.encode(try Self.quiz { $0["seed"] = "42"; $0["mode"] = "name" })
        #expect(a == b)
        let answers = { (seed: String) in try Self.quiz { $0["seed"] = seed }.questions.map(\.answer.id) }
        let sets = try ["1", "2", "3"].map(answers)
        #expect(sets[0] != sets[1] && sets[1] != sets[2] && sets[0] != sets[2], "\(sets)")
    }

    @Test func answersAreDistinctAndVisibleWhenDrawnAgain() throws {
        let quiz = try Self.quiz { $0["count"] = "20"; $0["hemi"] = "both"; $0["seed"] = "9" }
        #expect(quiz.questions.count == 20 && quiz.count == 20)
        #expect(Set(quiz.questions.map(\.answer.id)).count == 20, "no answer twice")
        #expect(Set(quiz.questions.map(\.view.hemi)) == [.left, .right])
        let context = try GLContext(width: QuizSurvey.width, height: QuizSurvey.height)
        for q in quiz.questions.prefix(6) {
            // Drawn afresh, not read from the survey.
            let scene = try AtlasScene.build(try q.view.sceneRequest(atlas: "gyri"), assets: BundledAtlas.assets!)
            let report = RenderReport(scene: scene, index: try context.renderPickImage(scene.scene), out: nil)
            let pixels = report.regions.first { $0.region == q.answer }?.extra.pixels ?? 0
            #expect(pixels == q.pixels && pixels >= QuizSurvey.minPixels, "\(q.answer.displayName): \(pixels) vs \(q.pixels)")
            #expect(q.answer.hemisphere == q.view.hemi)
            // The view shows the answer best among the presets.
            let survey = try Self.surveys.get()[q.view.hemi]!
            #expect(survey.views.allSatisfy { ($0.pixels[q.answer.id] ?? 0) <= q.pixels })
        }
    }

    @Test func nameModeDistractorsArePlausibleAndDistinct() throws {
        let quiz = try Self.quiz { $0["count"] = "30"; $0["mode"] = "name"; $0["hemi"] = "right"; $0["seed"] = "5" }
        let survey = try Self.surveys.get()[.right]!
        var firstTouching = 0
        for q in quiz.questions {
            #expect(q.distractors.count == 3 && q.choices.count == 4)
            #expect(Set(q.choices.map(\.name)).count == 4, "names repeat: \(q.choices.map(\.name))")
            #expect(Set(q.choices) == Set([q.answer] + q.distractors))
            for d in q.distractors {
                #expect(d.atlas == "gyri" && d.id != q.answer.id && d.hemisphere == .right)
            }
            let view = survey.views.first { $0.name == q.view.name }!
            let neighbours = view.touching[q.answer.id] ?? []
            if neighbours.contains(q.distractors[0].id) { firstTouching += 1 }
            // Neighbours come before anything else: no outsider while a neighbour with a new name is left.
            let touchingNames = Set(atlasRegions(neighbours).map(\.name)).subtracting([q.answer.name])
            if touchingNames.count >= 3 { #expect(q.distractors.allSatisfy { neighbours.contains($0.id) }) }
        }
        #expect(firstTouching == quiz.questions.count, "every gyrus has a neighbour in its view")
        // Choices are not always in the same place.
        #expect(Set(quiz.questions.map { $0.choices.firstIndex(of: $0.answer)! }).count > 1)
    }

    func atlasRegions(_ ids: Set<Int>) -> [Region] {
        let atlas = try! BundledAtlas.assets!.library.atlas(named: "gyri")
        return ids.compactMap { atlas.region(id: $0) }
    }

    @Test func reviewIDsFirstAndFindModeHasNoChoices() throws {
        let plain = try Self.quiz { $0["count"] = "6" }
        let wanted = [plain.questions[5].answer.id, plain.questions[3].answer.id]
        let quiz = try Self.quiz { $0["count"] = "6"; $0["seed"] = "77"; $0["review"] = "\(wanted[0]), \(wanted[1])" }
        #expect(quiz.questions.prefix(2).map(\.answer.id) == wanted)
        #expect(quiz.questions.map(\.number) == Array(1...6))
        #expect(quiz.questions.allSatisfy { $0.distractors.isEmpty && $0.choices.isEmpty && $0.anchorMni?.count == 3 })
        // A right-side region asked for in a left-only quiz is not visible there: skipped, not an error.
        let right = try BundledAtlas.assets!.library.atlas(named: "gyri").regions.first { $0.hemisphere == .right }!
        let skipped = try Self.quiz { $0["count"] = "3"; $0["review"] = "\(right.id)" }
        #expect(!skipped.questions.contains { $0.answer.id == right.id } && skipped.questions.count == 3)
    }

    @Test func fewerVisibleRegionsThanAskedGivesAShorterSet() throws {
        let quiz = try Self.quiz { $0["count"] = "50" }
        let askable = try Self.surveys.get()[.left]!.askable
        #expect(quiz.questions.count == min(50, askable.count) && quiz.count == quiz.questions.count)
    }

    @Test func badFieldsAreNamed() throws {
        let library = BundledAtlas.assets!.library
        let cases: [(String, (inout [String: String]) -> Void)] = [
            ("count", { $0["count"] = "0" }), ("count", { $0["count"] = "51" }), ("count", { $0["count"] = "x" }),
            ("seed", { $0["seed"] = "-3" }), ("seed", { $0["seed"] = "4294967296" }), ("mode", { $0["mode"] = "quiz" }),
            ("hemi", { $0["hemi"] = "up" }), ("atlas", { $0["atlas"] = "nope" }), ("review", { $0["review"] = "3,3" }),
            ("review", { $0["review"] = "0" }), ("review", { $0["review"] = "1,,2" }),
        ]
        for (field, configure) in cases {
            var fields: [String: String] = [:]
            configure(&fields)
            #expect(throws: FieldError.self) { try QuizRequest(fields, library: library) }
            do { _ = try QuizRequest(fields, library: library) } catch { #expect(error.field == field, "\(error)") }
        }
    }

    @Test func viewAnglesGiveThePresetCamera() {
        for view in ViewName.allCases {
            for side in [Hemisphere.left, .right] {
                let v = Quiz.View(name: view, hemi: side)
                let named = ViewDirection.named(view, hemisphereIsLeft: side == .left)
                let angled = ViewDirection.angles(azimuth: v.azimuth, elevation: v.elevation)
                #expect(simd_distance(named.forward, angled.forward) < 1e-5 && simd_distance(named.up, angled.up) < 1e-5,
                        "\(view) \(side): \(v.azimuth), \(v.elevation)")
            }
        }
    }
}

private func simd_distance(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { ((a - b) * (a - b)).sum().squareRoot() }

/// The bundled AtlasData, when it has been built with its meshes.
enum BundledAtlas {
    static let assets: SceneAssets? = {
        guard let library = try? AtlasLibrary.open(), library.catalog.mesh(.cortex(.pial, .left)) != nil else { return nil }
        return SceneAssets(library: library)
    }()
}
