import Foundation
import BrainAtlas
import BrainRender

/// A quiz to generate (`/api/quiz`, `braintutor quiz`): front ends hand over the texts they read
/// (by the keys of `QuizRequest.fields`); every value is checked here, the atlas and review ids
/// against the atlas library, and a bad one is a `FieldError` naming the field.
public struct QuizRequest: Sendable, Hashable {
    /// Find it: the student taps the named region. Name it: the student picks the name.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Encodable {
        case find, name
    }

    public static let countRange = 1...50

    public private(set) var atlas = AtlasLibrary.defaultAtlas
    public private(set) var count = 10
    public private(set) var seed: UInt32 = 1
    public private(set) var mode: Mode = .find
    public private(set) var hemi: SceneRequest.HemisphereChoice = .left
    /// Region ids asked first.
    public private(set) var review: [Int] = []

    public init() {}

    public init(_ given: [String: String], library: AtlasLibrary) throws(FieldError) {
        try Self.fields.read(given, into: &self)
        guard library.atlasNames.contains(atlas) else {
            throw FieldError("atlas", value: given["atlas"] ?? atlas,
                             "is not an atlas of the catalog (\(library.atlasNames.joined(separator: ", ")))")
        }
        if !review.isEmpty { try Self.checkReview(review, text: given["review"] ?? "", atlas: try library.atlasOrField(atlas)) }
    }

    /// Every option of a quiz, once.
    public static let fields = RequestFieldTable<QuizRequest>([
        .name("atlas", help: "Atlas the questions come from (any case).", \.atlas),
        RequestField("count", form: .value("N"), help: "Number of questions, \(countRange.lowerBound)…\(countRange.upperBound).",
                     default: { String($0.count) }) { request, text throws(FieldError) in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), countRange.contains(value) else {
                throw FieldError("count", value: text,
                                 "is not a whole number of questions within \(countRange.lowerBound)…\(countRange.upperBound)")
            }
            request.count = value
        },
        RequestField("seed", form: .value("N"), help: "The same seed gives the same questions (0…\(UInt32.max)).",
                     default: { String($0.seed) }) { request, text throws(FieldError) in
            guard let value = UInt32(text.trimmingCharacters(in: .whitespaces)) else {
                throw FieldError("seed", value: text, "is not a whole number within 0…\(UInt32.max)")
            }
            request.seed = value
        },
        .choice("mode", help: "find (numbered markers on one figure per view) or name (one highlighted image per question, 4 choices).",
                \.mode),
        .choice("hemi", help: "Each question's side (both: each question its own side).", \.hemi,
                parse: SceneRequest.HemisphereChoice.init(userText:)),
        RequestField("review", form: .value("ids"), help: "Region ids asked first, comma-separated.") { request, text throws(FieldError) in
            request.review = try reviewIDs(text)
        },
    ])

    /// Region ids as typed, each once.
    static func reviewIDs(_ text: String) throws(FieldError) -> [Int] {
        var ids: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let id = Int(trimmed) else {
                throw FieldError("review", value: text, "must be region ids separated by commas; '\(FieldError.echo(trimmed))' is not one")
            }
            guard !ids.contains(id) else { throw FieldError("review", value: text, "repeats region id \(id)") }
            ids.append(id)
        }
        return ids
    }

    /// Every review id is a region of `atlas`.
    static func checkReview(_ ids: [Int], text: String, atlas: Atlas) throws(FieldError) {
        if let id = ids.first(where: { atlas.region(id: $0) == nil }) {
            throw FieldError("review", value: text, "names region id \(id), which \(atlas.name) does not have (ids 1…\(atlas.regions.count))")
        }
    }
}

extension AtlasLibrary {
    /// The named atlas, or a FieldError on `atlas` (the request checked the name already).
    func atlasOrField(_ name: String) throws(FieldError) -> Atlas {
        do { return try atlas(named: name) } catch {
            throw FieldError("atlas", value: name, "cannot be opened: \(error)")
        }
    }
}
