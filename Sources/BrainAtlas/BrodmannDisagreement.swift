/// Where the Brodmann atlases (histology and landmarks, histology alone, PALS-B12) name different
/// areas at one point: the reader should know the area there is uncertain.
///
/// JSON `{"areas": [{"atlas", "area", "region"}], "text"}`.
public struct BrodmannDisagreement: Encodable, Sendable, Equatable {
    /// The atlases compared, in the order the sentence names them.
    public static let atlases = ["brodmann", "brodmann-histology", "brodmann-pals"]

    /// One atlas's area at the point.
    public struct Vote: Encodable, Sendable, Equatable {
        public let atlas: String
        public let area: Int
        /// The region's display name.
        public let region: String
    }

    public let areas: [Vote]
    /// One line for the reader.
    public let text: String

    /// Nil unless at least two of the atlases answer at the point with different area numbers (an
    /// atlas with no area there, or a label that is no Brodmann area such as MT, casts no vote).
    init?(_ answers: [(name: String, region: Region?)], details: [String: Lookup.Detail]) {
        var votes: [Vote] = []
        var tags: [String] = []
        for name in Self.atlases {
            guard let region = answers.first(where: { $0.name == name })?.region,
                  let area = BrodmannNumber.area(ofSourceLabel: region.sourceLabel) else { continue }
            votes.append(Vote(atlas: name, area: area, region: region.displayName))
            let kind = details[name]?.provenance?.kind.rawValue
            tags.append("area \(area) (\(name)\(kind.map { ", \($0)" } ?? ""))")
        }
        guard Set(votes.map(\.area)).count > 1 else { return nil }
        areas = votes
        var text = "the Brodmann atlases disagree here: " + tags.joined(separator: ", ")
        if answers.contains(where: { $0.name == "brodmann-histology" }), !votes.contains(where: { $0.atlas == "brodmann-histology" }) {
            text += "; the histology atlas has no numbered area here"
        }
        self.text = text
    }
}
