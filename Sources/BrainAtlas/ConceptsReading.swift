import BrainFormats

// Reading the concept table straight from its parsed JSON tree, as `RegionTextsReading` does for
// texts files: every `info` reads the table, and the Codable decoder took about as long as
// scoring the query against every region. The first member it does not expect makes it give up
// (nil), and `ConceptTable.load` then runs the Codable decoder on the same tree to read it or
// name the fault; `ConceptsReadingTests` checks that both readings of the bundled table are equal.
extension ConceptTable {
    /// The file: `{"concepts": [concept…]}` (other members are notes for people).
    struct File: Decodable {
        let concepts: [Concept]

        init?(tree value: JSONValue) {
            guard case .object(let members) = value else { return nil }
            var concepts: [Concept]?
            for (key, member) in members where key == "concepts" {
                guard let list = member.elements(Concept.init(tree:)) else { return nil }
                concepts = list
            }
            guard let concepts else { return nil }
            self.concepts = concepts
        }
    }
}

extension Concept {
    init?(tree value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        var fields: [String: String] = [:]
        var terms: [String]?
        var side: Hemisphere?
        var regions: [String: [String]]?
        func strings(_ value: JSONValue) -> [String]? { value.elements(\.stringValue) }
        // The last of a repeated key wins, as with the Codable decoder.
        for (key, member) in members {
            switch key {
            case "key", "name", "best", "note", "source":
                guard case .string(let s) = member else { return nil }
                fields[key] = s
            case "terms":
                guard let list = strings(member) else { return nil }
                terms = list
            case "side":
                if member.isNull { side = nil; continue }
                guard case .string(let s) = member, let named = Hemisphere(rawValue: s) else { return nil }
                side = named
            case "regions":
                guard case .object(let atlases) = member else { return nil }
                var table: [String: [String]] = [:]
                for (atlas, labels) in atlases {
                    guard let list = strings(labels) else { return nil }
                    table[atlas] = list
                }
                regions = table
            default: continue
            }
        }
        guard let key = fields["key"], let name = fields["name"], let best = fields["best"],
              let note = fields["note"], let source = fields["source"], let terms, let regions else { return nil }
        self.init(key: key, name: name, terms: terms, side: side, best: best, note: note, source: source, regions: regions)
    }
}
