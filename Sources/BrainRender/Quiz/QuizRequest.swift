import Foundation
import BrainAtlas

/// A quiz to generate (`/api/quiz`, `braintutor quiz`): front ends fill `Fields` with the text
/// they read; every value is checked here against the atlas library, and a bad one is a
/// `FieldError` naming the field (`atlas`, `count`, `seed`, `mode`, `hemi`, `review`).
public struct QuizRequest: Sendable, Hashable {
    /// Find it: the student taps the named region. Name it: the student picks the name.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Encodable {
        case find, name
    }

    public struct Fields: Sendable {
        public var atlas: String?
        public var count: String?
        public var seed: String?
        public var mode: String?
        public var hemi: String?
        /// Comma-separated region ids asked first.
        public var review: String?

        public init() {}
    }

    public static let countRange = 1...50

    public var atlas = "gyri"
    public var count = 10
    public var seed: UInt32 = 1
    public var mode: Mode = .find
    public var hemi: SceneRequest.HemisphereChoice = .left
    public var review: [Int] = []

    public init() {}

    public init(_ fields: Fields, library: AtlasLibrary) throws(FieldError) {
        if let text = fields.atlas {
            atlas = text.lowercased()
            guard library.atlasNames.contains(atlas) else {
                throw FieldError("atlas", value: text, "is not an atlas of the catalog (\(library.atlasNames.joined(separator: ", ")))")
            }
        }
        if let text = fields.count {
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), Self.countRange.contains(value) else {
                throw FieldError("count", value: text,
                                 "is not a whole number of questions within \(Self.countRange.lowerBound)…\(Self.countRange.upperBound)")
            }
            count = value
        }
        if let text = fields.seed {
            guard let value = UInt32(text.trimmingCharacters(in: .whitespaces)) else {
                throw FieldError("seed", value: text, "is not a whole number within 0…\(UInt32.max)")
            }
            seed = value
        }
        if let text = fields.mode { mode = try SceneRequest.choice("mode", text, Mode.init(userText:), Mode.allCases) }
        if let text = fields.hemi {
            hemi = try SceneRequest.choice("hemi", text, SceneRequest.HemisphereChoice.init(userText:),
                                           SceneRequest.HemisphereChoice.allCases)
        }
        if let text = fields.review { review = try Self.reviewIDs(text, atlas: try library.atlasOrField(atlas)) }
    }

    /// Region ids of `atlas`, each once.
    static func reviewIDs(_ text: String, atlas: Atlas) throws(FieldError) -> [Int] {
        var ids: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let id = Int(trimmed) else {
                throw FieldError("review", value: text, "must be region ids separated by commas; '\(FieldError.echo(trimmed))' is not one")
            }
            guard atlas.region(id: id) != nil else {
                throw FieldError("review", value: text, "names region id \(id), which \(atlas.name) does not have (ids 1…\(atlas.regions.count))")
            }
            guard !ids.contains(id) else { throw FieldError("review", value: text, "repeats region id \(id)") }
            ids.append(id)
        }
        return ids
    }
}

extension QuizRequest.Mode {
    public init?(userText: String) { self.init(rawValue: userText.lowercased()) }
}

extension AtlasLibrary {
    /// The named atlas, or a FieldError on `atlas` (the request checked the name already).
    func atlasOrField(_ name: String) throws(FieldError) -> Atlas {
        do { return try atlas(named: name) } catch {
            throw FieldError("atlas", value: name, "cannot be opened: \(error)")
        }
    }
}
