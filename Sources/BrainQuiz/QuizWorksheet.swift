import BrainAtlas
import BrainRender
import BrainFormats
import BrainImage
import Foundation

/// `braintutor quiz`: a printable worksheet for a question set. Name mode: one image per
/// question with the answer highlighted; find mode: one figure per view used, with numbered
/// markers on the answers. Plus the key (`answers.json`, `answers.md`) and the sheet
/// (`worksheet.md`, or `worksheet.html` with the images embedded).
public enum QuizWorksheet {
    public enum Format: String, Sendable, CaseIterable {
        case md, html
    }

    /// Worksheet images: large enough to print, the survey's aspect ratio.
    public static let imageWidth = 800
    public static let imageHeight = 600

    /// One question's place on the sheet: its image and, in find mode, its marker.
    public struct Placement: Encodable, Sendable {
        public let file: String
        /// [x, y] of the marker's centre in `file` (find mode).
        public let marker: [Int]?
    }

    /// What `answers.json` holds: the quiz (as `/api/quiz` gives it) plus each question's
    /// file and marker and the list of files written.
    public struct Answers: Encodable, Sendable {
        public let quiz: Quiz
        public let placements: [Placement]
        public let files: [String]

        enum CodingKeys: String, CodingKey { case files }

        public func encode(to encoder: any Encoder) throws {
            try quiz.encode(to: encoder, questions: zip(quiz.questions, placements).map { Flattened($0, $1) })
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(files, forKey: .files)
        }
    }

    /// Generates the quiz, draws its images and writes every file into `out` (created if
    /// missing; each file written atomically). `progress` gets one line per step.
    public static func write(_ request: QuizRequest, format: Format, out: String, library: AtlasLibrary,
                             backend: GLBackend? = nil, progress: (String) -> Void = { _ in }) throws -> Answers {
        let atlas = try library.atlas(named: request.atlas)
        let assets = SceneAssets(library: library)
        let context = try GLContext(width: imageWidth, height: imageHeight, backend: backend)
        var surveys: [Hemisphere: QuizSurvey] = [:]
        for side in QuizGenerator.hemispheres(request) {
            progress("Surveying the \(side.rawValue) views of \(atlas.name)")
            surveys[side] = try survey(atlas: atlas.name, side: side, assets: assets, context: context)
        }
        let quiz = QuizGenerator.generate(request, atlas: atlas, surveys: surveys)
        try QuizGenerator.requireQuestions(quiz, atlas: atlas)
        let (images, placements) = request.mode == .name
            ? try nameImages(quiz, assets: assets, context: context, progress: progress)
            : try findFigures(quiz, atlas: atlas, assets: assets, context: context, progress: progress)
        let sheet = format == .md ? "worksheet.md" : "worksheet.html"
        let answers = Answers(quiz: quiz, placements: placements,
                              files: images.map(\.name) + ["answers.json", "answers.md", sheet])
        progress("Writing the worksheet")
        let dir = URL(fileURLWithPath: out)
        let text = format == .md ? WorksheetText.markdown(answers) : WorksheetText.html(answers, images: images)
        let files = images.map { ($0.name, Data($0.png)) } + [
            ("answers.json", try BrainJSON.encode(answers, pretty: true)),
            ("answers.md", Data(WorksheetText.answerKey(answers).utf8)),
            (sheet, Data(text.utf8)),
        ]
        try writeAll(files, into: dir)
        return answers
    }

    /// Writes every file into `dir` (created if missing), each atomically; when one fails (a full disk) the
    /// files already written go again, and so does the folder if this call made it: a half worksheet, or an
    /// empty folder, is never left to look like a result.
    static func writeAll(_ files: [(name: String, data: Data)], into dir: URL) throws {
        let fileManager = FileManager.default
        let made = !fileManager.fileExists(atPath: dir.path)
        try fileManager.createDirectory(at: dir, withIntermediateDirectories: true)
        var written: [URL] = []
        do {
            for file in files {
                let url = dir.appendingPathComponent(file.name)
                try AtomicFile.writeRaw(file.data, to: url)
                written.append(url)
            }
        } catch {
            if made { try? fileManager.removeItem(at: dir) } else { for url in written { try? fileManager.removeItem(at: url) } }
            throw error
        }
    }

    /// The visibility survey of one side, drawn with the survey's own scene requests.
    public static func survey(atlas: String, side: Hemisphere, assets: SceneAssets, context: GLContext) throws -> QuizSurvey {
        let views = try ViewName.allCases.map { view in
            let scene = try AtlasScene.build(try QuizSurvey.sceneRequest(atlas: atlas, hemisphere: side, view: view), assets: assets)
            var frame = try DrawnFrame(scene, context: context)
            return QuizSurvey.view(view, scene: frame.scene, index: try frame.indexImage(context: context))
        }
        return QuizSurvey(atlas: atlas, hemisphere: side, views: views)
    }

    public struct Image: Sendable {
        public let name: String
        public let png: [UInt8]
    }

    /// Name mode: `q01.png` …, each the question's view with the answer highlighted and the
    /// other regions in light tints.
    static func nameImages(_ quiz: Quiz, assets: SceneAssets, context: GLContext,
                           progress: (String) -> Void) throws -> ([Image], [Placement]) {
        var images: [Image] = [], placements: [Placement] = []
        for q in quiz.questions {
            progress("Drawing question \(q.number) of \(quiz.questions.count)")
            let name = fileName(question: q.number)
            var frame = try DrawnFrame(try AtlasScene.build(try highlightRequest(q, atlas: quiz.atlas), assets: assets),
                                       context: context)
            images.append(Image(name: name, png: try frame.png(context: context)))
            placements.append(Placement(file: name, marker: nil))
        }
        return (images, placements)
    }

    /// The scene of a name-mode image.
    public static func highlightRequest(_ q: Quiz.Question, atlas: String) throws(FieldError) -> SceneRequest {
        try q.view.sceneRequest(atlas: atlas, width: imageWidth, height: imageHeight,
                                extra: ["highlight": String(q.answer.id), "dimOthers": "true"])
    }

    public static func fileName(question: Int) -> String { "q" + (question < 10 ? "0" : "") + "\(question).png" }

    public static func fileName(view: Quiz.View) -> String { "find-\(view.name.rawValue)-\(view.hemi.rawValue).png" }

    /// Find mode: one figure per view used (in order of first use), markers numbered by question.
    static func findFigures(_ quiz: Quiz, atlas: Atlas, assets: SceneAssets, context: GLContext,
                            progress: (String) -> Void) throws -> ([Image], [Placement]) {
        var views: [Quiz.View] = []
        for q in quiz.questions where !views.contains(q.view) { views.append(q.view) }
        let text = try TextRenderer(weight: .bold)
        var images: [Image] = []
        var placements: [Int: Placement] = [:]
        for view in views {
            let name = fileName(view: view)
            progress("Drawing \(name)")
            var frame = try DrawnFrame(try AtlasScene.build(try view.sceneRequest(atlas: quiz.atlas, width: imageWidth,
                                                                              height: imageHeight), assets: assets),
                                       context: context)
            let drawn = try frame.image(context: context)
            var image = try RGBAImage(width: drawn.width, height: drawn.height, pixels: drawn.rgba)
            let index = try frame.indexImage(context: context)
            let scene = frame.scene
            var idsOf: [Int: Set<UInt32>] = [:]
            for id in Set(index.ids) where id != 0 {
                if let region = scene.target(id: id)?.region, region.atlas == atlas.name { idsOf[region.id, default: []].insert(id) }
            }
            for q in quiz.questions where q.view == view {
                let anchor = q.anchorMni.map { SIMD3<Float>(Float($0[0]), Float($0[1]), Float($0[2])) } ?? .zero
                let marker = QuizMarker.place(number: q.number, anchor: anchor, camera: scene.scene.camera,
                                              index: index, answerIDs: idsOf[q.answer.id] ?? [])
                marker?.draw(into: &image, text: text)
                placements[q.number] = Placement(file: name, marker: marker.map { [$0.x, $0.y] })
            }
            images.append(Image(name: name, png: PNGEncoder(compression: .fast, channels: .rgb).encode(image)))
        }
        return (images, quiz.questions.map { placements[$0.number]! })
    }
}
