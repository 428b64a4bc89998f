import BrainAtlas
import BrainFormats

/// Every region's JSON object written once, in the pieces a `where` answer splices its own members
/// between, so an answer is assembled from text instead of encoding each region again.
///
/// The pieces come from the one encoder (`JSONValueEncoder` and `JSONWriter`, keys sorted), so a spliced
/// object prints exactly the bytes `BrainJSON` prints for the same region with the same members.
struct RegionJSONFragments: Sendable {
    /// One region's members as text, cut where `border` and `provenance` sort among them.
    struct Pieces: Sendable {
        /// The whole object (`{…}`), as a `nearest` or `within` hit names the region.
        let whole: String
        /// Members before `border`, between `border` and `provenance`, and after `provenance`, each a
        /// comma-separated list of `"key":value` (possibly empty), without the region's own provenance.
        let beforeBorder: String
        let beforeProvenance: String
        let afterProvenance: String
        /// The region's own provenance and its text; an answer that keeps it reuses the text.
        let provenance: Provenance?
        let provenanceText: String?
    }

    /// Atlas name → its regions' pieces in id order (`[id - 1]`, as `Atlas.regions`).
    private let atlases: [String: [Pieces?]]

    init(_ library: AtlasLibrary) {
        var atlases: [String: [Pieces?]] = [:]
        for atlas in library.atlases {
            atlases[atlas.name] = atlas.regions.map(Self.pieces)
        }
        self.atlases = atlases
    }

    /// The pieces of region `id` of `atlas`, or nil where none was written (a caller then encodes it whole).
    func pieces(atlas: String, id: Int) -> Pieces? {
        guard let regions = atlases[atlas], id >= 1, id <= regions.count else { return nil }
        return regions[id - 1]
    }

    private static func pieces(_ region: Region) -> Pieces? {
        let writer = JSONWriter(pretty: false, sortedKeys: true)
        guard case .object(let members)? = try? JSONValueEncoder.encode(region) else { return nil }
        var before: [String] = [], middle: [String] = [], after: [String] = []
        var provenanceText: String?
        for member in members.sorted(by: { $0.key < $1.key }) {
            var text = ""
            JSONWriter.append(member.key, to: &text)
            text += ":" + writer.string(member.value)
            switch member.key {
            case "provenance": provenanceText = writer.string(member.value)
            case _ where member.key < "border": before.append(text)
            case _ where member.key < "provenance": middle.append(text)
            default: after.append(text)
            }
        }
        return Pieces(whole: writer.string(.object(members)), beforeBorder: before.joined(separator: ","),
                      beforeProvenance: middle.joined(separator: ","), afterProvenance: after.joined(separator: ","),
                      provenance: region.provenance, provenanceText: provenanceText)
    }
}
