import BrainFormats
import Foundation

/// A textbook term that names regions in several atlases ("Broca's area", "M1", "basal ganglia"),
/// from the hand-written `texts/concepts.json`.
public struct Concept: Decodable, Sendable, Equatable {
    public let key: String
    public let name: String
    /// What people type; matched after `TextMatching.normalize`.
    public let terms: [String]
    /// The side the term means when a query names none (language areas: left); nil for both.
    public let side: Hemisphere?
    /// The atlas whose region answers `info`.
    public let best: String
    public let note: String
    public let source: String
    /// Atlas → sourceLabels of the concept's regions in that atlas.
    public let regions: [String: [String]]
}

/// The concept table of a data folder, indexed by normalized term.
public struct ConceptTable: Sendable {
    public let concepts: [Concept]
    private let byTerm: [String: Int]

    /// Where a data folder keeps the table.
    public static let path = "texts/concepts.json"

    public init(concepts: [Concept]) {
        self.concepts = concepts
        var byTerm: [String: Int] = [:]
        for (i, c) in concepts.enumerated() {
            for term in [c.name] + c.terms where byTerm[TextMatching.normalize(term)] == nil {
                byTerm[TextMatching.normalize(term)] = i
            }
        }
        self.byTerm = byTerm
    }

    /// Reads the table; errors name the file and what was wrong.
    public static func load(from url: URL) throws -> ConceptTable {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw AtlasError.unreadable(url.path, reason: error.localizedDescription)
        }
        do throws(JSONError) {
            let tree: JSONValue
            do { tree = try JSONValue.parse(data) } catch { throw .syntax(error) }
            // The direct reading (`ConceptsReading`); the Codable one reads anything else or names the fault.
            if let direct = File(tree: tree) { return ConceptTable(concepts: direct.concepts) }
            do { return ConceptTable(concepts: try JSONValueDecoder.decode(File.self, from: tree).concepts) } catch { throw .shape(error) }
        } catch {
            throw AtlasError.badArgument(url.path, problem: "not a concept table: \(error)")
        }
    }

    /// The concept one of whose terms equals `normalizedWords` (a query without its side).
    public func concept(matching normalizedWords: String) -> Concept? {
        byTerm[normalizedWords].map { concepts[$0] }
    }

    /// Concepts listing `region` (its atlas and sourceLabel).
    public func concepts(containing region: Region) -> [Concept] {
        concepts.filter { $0.regions[region.atlas]?.contains(region.sourceLabel) == true }
    }
}

extension AtlasLibrary {
    /// The data folder's concept table, or nil for a set without one (a user's own files).
    public func conceptTable() throws -> ConceptTable? {
        guard let root else { return nil }
        let url = root.appendingPathComponent(ConceptTable.path)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try ConceptTable.load(from: url)
    }

    /// A concept's regions atlas by atlas (best atlas first, then catalog order), each on `side`
    /// where the atlas has that side; both sides when `side` is nil.
    public func regions(of concept: Concept, side: Hemisphere?, atlas only: String? = nil) -> [(atlas: String, regions: [Region])] {
        let order = [concept.best] + atlasNames.filter { $0 != concept.best }
        return order.compactMap { name in
            guard only == nil || only == name, let labels = concept.regions[name],
                  let atlas = atlases.first(where: { $0.name == name }) else { return nil }
            var found: [Region] = []
            for label in labels {
                let candidates = atlas.regions.filter { $0.sourceLabel == label }
                guard !candidates.isEmpty else { continue }
                if let side { found.append(RegionSearch.pick(candidates, side)) } else { found += candidates }
            }
            return found.isEmpty ? nil : (name, found)
        }
    }
}
