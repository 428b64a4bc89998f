import BrainAtlas
import BrainRender
import Foundation

/// A generated question set: the JSON of `/api/quiz` and of a worksheet's `answers.json`.
public struct Quiz: Encodable, Sendable {
    /// The preset view a question is shown in, with the angles that give the same camera.
    public struct View: Encodable, Sendable, Hashable {
        public let name: ViewName
        public let hemi: Hemisphere
        public let surface: String
        public let azimuth: Double
        public let elevation: Double

        public init(name: ViewName, hemi: Hemisphere, surface: String = SceneRequest.Surface.pial.rawValue) {
            self.name = name
            self.hemi = hemi
            self.surface = surface
            // The camera's position as azimuth/elevation (`ViewDirection.angles`' convention).
            let eye = -ViewDirection.named(name, hemisphereIsLeft: hemi != .right).forward
            elevation = (asin(Double(eye.z)) * 180 / .pi).rounded()
            azimuth = abs(eye.z) > 0.999 ? 0 : (atan2(Double(eye.x), Double(eye.y)) * 180 / .pi).rounded()
        }

        /// The scene this view is drawn from at `width`×`height`.
        public func sceneRequest(atlas: String, width: Int = QuizSurvey.width, height: Int = QuizSurvey.height,
                                 extra: [String: String] = [:]) throws(FieldError) -> SceneRequest {
            try QuizSurvey.sceneRequest(atlas: atlas, hemisphere: hemi, view: name, width: width, height: height, extra: extra)
        }
    }

    public struct Question: Encodable, Sendable {
        public let number: Int
        public let answer: Region
        public let distractors: [Region]
        public let choices: [Region]
        public let view: View
        public let pixels: Int
        public let anchorMni: [Double]?
    }

    public let atlas: String
    public let mode: QuizRequest.Mode
    public let seed: UInt32
    public let hemi: SceneRequest.HemisphereChoice
    /// The number of questions: the count asked for, or fewer when fewer regions are visible.
    public let count: Int
    public let size: [Int]
    public let minPixels: Int
    public let questions: [Question]

    enum CodingKeys: String, CodingKey { case atlas, mode, seed, hemi, count, size, minPixels, questions }

    public func encode(to encoder: any Encoder) throws { try encode(to: encoder, questions: questions) }

    /// The quiz with its questions written as `questions` (a worksheet adds file names to each).
    public func encode(to encoder: any Encoder, questions: some Encodable) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(atlas, forKey: .atlas)
        try c.encode(mode, forKey: .mode)
        try c.encode(seed, forKey: .seed)
        try c.encode(hemi, forKey: .hemi)
        try c.encode(count, forKey: .count)
        try c.encode(size, forKey: .size)
        try c.encode(minPixels, forKey: .minPixels)
        try c.encode(questions, forKey: .questions)
    }

    public init(request: QuizRequest, questions: [Question]) {
        atlas = request.atlas
        mode = request.mode
        seed = request.seed
        hemi = request.hemi
        count = questions.count
        size = [QuizSurvey.width, QuizSurvey.height]
        minPixels = QuizSurvey.minPixels
        self.questions = questions
    }
}

extension SceneRequest.HemisphereChoice: Encodable {}
