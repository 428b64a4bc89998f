import BrainFormats
import Foundation

/// The curated lobe table (`Recipe/lobes.json`): the lobe of every region by atlas and sourceLabel,
/// and which atlases instead list the lobes their regions span.
public struct LobeTable: Decodable, Sendable {
    /// The only lobe names a region may carry.
    public var vocabulary: [String]
    public var spanning: Spanning
    /// Atlas name → sourceLabel → lobe; both sides share the entry, so homologues always agree.
    public var lobes: [String: [String: String]]

    /// Atlases whose regions (networks, parcels) cross lobes: `lobe` null, `lobes` the spanned list.
    public struct Spanning: Decodable, Sendable {
        public var atlases: [String]
        /// Smallest share of a region's ribbon voxels that puts a lobe in its list.
        public var minShare: Double
    }

    /// The table that ships in this repository.
    public static var repositoryURL: URL {
        Recipe.repositoryURL.deletingLastPathComponent().appendingPathComponent("lobes.json")
    }

    /// Reads the table and checks that every value is in the vocabulary.
    public static func load(from url: URL) throws -> LobeTable {
        let file = url.lastPathComponent
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BuildError(file: file, field: "-", problem: "cannot read: \(error.localizedDescription)")
        }
        let table: LobeTable
        do { table = try BrainJSON.decode(LobeTable.self, from: data) } catch {
            throw BuildError(file: file, field: error.location, problem: "not a lobe table: \(error.problem)")
        }
        let known = Set(table.vocabulary)
        for (atlas, entries) in table.lobes.sorted(by: { $0.key < $1.key }) {
            for (label, lobe) in entries.sorted(by: { $0.key < $1.key }) where !known.contains(lobe) {
                throw BuildError(file: file, field: "lobes.\(atlas).\(label)",
                                 problem: "\"\(lobe)\" is not one of \(table.vocabulary.joined(separator: ", "))")
            }
        }
        guard (0 ... 1).contains(table.spanning.minShare) else {
            throw BuildError(file: file, field: "spanning.minShare", problem: "\(table.spanning.minShare) is not a share in 0…1")
        }
        return table
    }

    public func spans(_ atlas: String) -> Bool { spanning.atlases.contains(atlas) }

    /// The curated lobe of a region; a missing entry is a build error, so no region goes without one.
    func lobe(atlas: String, sourceLabel: String) throws -> String {
        guard let lobe = lobes[atlas]?[sourceLabel] else {
            throw BuildError(file: "lobes.json", field: "lobes.\(atlas).\(sourceLabel)",
                             problem: "region has no lobe; add it (one of \(vocabulary.joined(separator: ", ")))")
        }
        return lobe
    }
}
