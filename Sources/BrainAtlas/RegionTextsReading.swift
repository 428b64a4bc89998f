import BrainFormats

// Reading a texts file straight from its parsed JSON tree: `info` reads every atlas's texts for
// their synonyms, and the generic Codable path spent about a third of the search in boxed
// containers. Like `CatalogReading`, this gives up (nil) at the first member it does not expect,
// and `RegionTexts.read` then runs the Codable decoder on the same tree to read it or name the
// fault; `RegionTextsReadingTests` checks that both readings of every bundled texts file are equal.
extension RegionTexts.File {
    init?(tree value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        var atlas: String?
        var regions: [String: RegionTexts.Entry]?
        // The last of a repeated key wins, as with the Codable decoder.
        for (key, member) in members {
            switch key {
            case "atlas":
                guard case .string(let s) = member else { return nil }
                atlas = s
            case "regions":
                guard case .object(let list) = member else { return nil }
                var entries: [String: RegionTexts.Entry] = [:]
                entries.reserveCapacity(list.count)
                for (label, entry) in list {
                    guard let e = RegionTexts.Entry(tree: entry) else { return nil }
                    entries[label] = e
                }
                regions = entries
            default: continue
            }
        }
        guard let atlas, let regions else { return nil }
        self.init(atlas: atlas, regions: regions)
    }
}

extension RegionTexts.Entry {
    init?(tree value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        var text: String?
        var synonyms: [String] = []
        for (key, member) in members {
            switch key {
            case "text":
                guard case .string(let s) = member else { return nil }
                text = s
            case "synonyms":
                if member.isNull { synonyms = []; continue }
                guard let list = member.elements(\.stringValue) else { return nil }
                synonyms = list
            default: continue
            }
        }
        guard let text else { return nil }
        self.init(text: text, synonyms: synonyms)
    }
}
