import Foundation
import Testing

// Every bundled region has an info text and synonyms. These tests read the JSON
// with JSONSerialization on purpose, so they check the data files themselves and do not
// depend on how BrainAtlas decodes them.

private let textAtlases = [
    "lobes", "gyri", "sulci", "brodmann", "brodmann-histology", "functional", "subcortical", "networks",
]

/// Where each approximate atlas must say how its boundaries were made.
private let requiredNote: [String: String] = [
    "brodmann-histology": "post-mortem histology",
    "networks": "resting-state fMRI",
]

private let minimumWords = 40

/// The repository root, found from this file so the tests run from any working directory.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One region as the catalog (or, before the first build, the recipe) lists it.
private struct ListedRegion {
    let sourceLabel: String
    let name: String
    let hemisphere: String
}

/// The region list per atlas: the built catalog when it exists, else the recipe it is built from.
private func listedRegions() throws -> (origin: String, atlases: [String: [ListedRegion]]) {
    let candidates = ["AtlasData/catalog.json", "Recipe/atlas-recipe.json"]
    guard let relative = candidates.first(where: {
        FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent($0).path)
    }) else {
        throw CoverageFailure("neither AtlasData/catalog.json nor Recipe/atlas-recipe.json exists")
    }
    let root = try jsonObject(at: relative)
    guard let atlases = root["atlases"] as? [[String: Any]] else {
        throw CoverageFailure("\(relative): atlases: not an array of objects")
    }
    var result: [String: [ListedRegion]] = [:]
    for atlas in atlases {
        guard let name = atlas["name"] as? String, let regions = atlas["regions"] as? [[String: Any]] else {
            throw CoverageFailure("\(relative): an atlas lacks name or regions")
        }
        result[name] = try regions.enumerated().map { index, region in
            guard let label = region["sourceLabel"] as? String, let display = region["name"] as? String else {
                throw CoverageFailure("\(relative): \(name) region \(index): sourceLabel or name missing")
            }
            return ListedRegion(sourceLabel: label, name: display, hemisphere: region["hemisphere"] as? String ?? "none")
        }
    }
    return (relative, result)
}

/// One atlas's texts file as `[sourceLabel: (text, synonyms)]`.
private func textEntries(_ atlas: String) throws -> [String: (text: String, synonyms: [String])] {
    let relative = "AtlasData/texts/\(atlas).json"
    let root = try jsonObject(at: relative)
    guard root["atlas"] as? String == atlas else {
        throw CoverageFailure("\(relative): atlas: \(root["atlas"] ?? "missing") (expected \(atlas))")
    }
    guard let regions = root["regions"] as? [String: [String: Any]] else {
        throw CoverageFailure("\(relative): regions: not an object of objects")
    }
    return try regions.mapValues { entry in
        guard let text = entry["text"] as? String, let synonyms = entry["synonyms"] as? [String] else {
            throw CoverageFailure("\(relative): an entry lacks text or synonyms")
        }
        return (text, synonyms)
    }
}

private func jsonObject(at relative: String) throws -> [String: Any] {
    let url = repositoryRoot.appendingPathComponent(relative)
    let data = try Data(contentsOf: url)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw CoverageFailure("\(relative): top level is not an object")
    }
    return object
}

private func wordCount(_ text: String) -> Int {
    text.split(whereSeparator: { $0.isWhitespace }).count
}

private func normalised(_ text: String) -> String {
    text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}

/// Splits at ". ", "! " and "? " (abbreviations such as "H.M." have no space after the dot).
private func sentences(_ text: String) -> [String] {
    var result: [String] = []
    var current = ""
    var previous: Character = " "
    for ch in text {
        if ch == " ", ".!?".contains(previous) {
            result.append(current)
            current = ""
        } else {
            current.append(ch)
        }
        previous = ch
    }
    if !current.isEmpty { result.append(current) }
    return result
}

private struct CoverageFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite("Region texts cover every bundled region")
struct RegionTextCoverageTests {
    @Test("every listed region has a text of at least 40 words", arguments: textAtlases)
    func everyRegionHasALongText(atlas: String) throws {
        let (origin, listed) = try listedRegions()
        let regions = try #require(listed[atlas], "\(origin) has no atlas \(atlas)")
        #expect(!regions.isEmpty, "\(origin): \(atlas) lists no regions")
        let texts = try textEntries(atlas)
        for label in Set(regions.map(\.sourceLabel)) {
            guard let entry = texts[label] else {
                Issue.record("texts/\(atlas).json: \(label): no entry")
                continue
            }
            #expect(wordCount(entry.text) >= minimumWords,
                    "texts/\(atlas).json: \(label): \(wordCount(entry.text)) words")
        }
    }

    @Test("texts files hold no entries for regions the atlas does not have", arguments: textAtlases)
    func noStrayEntries(atlas: String) throws {
        let (origin, listed) = try listedRegions()
        let labels = Set(try #require(listed[atlas]).map(\.sourceLabel))
        for label in try textEntries(atlas).keys where !labels.contains(label) {
            Issue.record("texts/\(atlas).json: \(label): not a region of \(atlas) in \(origin)")
        }
    }

    @Test("every region has synonyms, including its display name, unique within its atlas",
          arguments: textAtlases)
    func everyRegionHasSynonyms(atlas: String) throws {
        let regions = try #require(try listedRegions().atlases[atlas])
        let texts = try textEntries(atlas)
        for region in regions {
            let synonyms = try #require(texts[region.sourceLabel]?.synonyms, "\(atlas): \(region.sourceLabel)")
            #expect(!synonyms.isEmpty, "texts/\(atlas).json: \(region.sourceLabel): no synonyms")
            #expect(synonyms.contains { $0.lowercased() == region.name.lowercased() },
                    "texts/\(atlas).json: \(region.sourceLabel): display name '\(region.name)' (\(region.hemisphere)) missing")
        }
        var owner: [String: String] = [:]
        for (label, entry) in texts {
            for synonym in entry.synonyms {
                #expect(!synonym.trimmingCharacters(in: .whitespaces).isEmpty, "\(atlas): \(label): empty synonym")
                let key = synonym.lowercased()
                if let other = owner[key], other != label {
                    Issue.record("texts/\(atlas).json: synonym '\(synonym)' on both \(other) and \(label)")
                }
                owner[key] = label
            }
        }
    }

    @Test("no two different regions share a text")
    func textsAreDistinct() throws {
        var seen: [String: String] = [:]
        for atlas in textAtlases {
            for (label, entry) in try textEntries(atlas) {
                let key = normalised(entry.text)
                if let other = seen[key] {
                    Issue.record("\(atlas)/\(label) has the same text as \(other)")
                }
                seen[key] = "\(atlas)/\(label)"
            }
        }
        #expect(seen.count >= textAtlases.count)
    }

    @Test("no sentence of five or more words is repeated across texts (no templated filler)")
    func sentencesAreNotTemplated() throws {
        var seen: [String: String] = [:]
        for atlas in textAtlases {
            for (label, entry) in try textEntries(atlas).sorted(by: { $0.key < $1.key }) {
                for sentence in sentences(entry.text) where wordCount(sentence) >= 5 {
                    let key = normalised(sentence)
                    if let other = seen[key], other != "\(atlas)/\(label)" {
                        Issue.record("\(atlas)/\(label) repeats a sentence of \(other): \(sentence)")
                    }
                    seen[key] = "\(atlas)/\(label)"
                }
            }
        }
    }

    @Test("approximate atlases say how their boundaries were made", arguments: Array(requiredNote.keys))
    func approximateAtlasesSaySo(atlas: String) throws {
        let note = try #require(requiredNote[atlas])
        for (label, entry) in try textEntries(atlas) {
            #expect(entry.text.range(of: note, options: .caseInsensitive) != nil,
                    "texts/\(atlas).json: \(label): text does not mention \(note)")
        }
    }

    @Test("Schaefer parcels map onto a network that has a text")
    func parcelsUseTheirNetworkText() throws {
        let (_, listed) = try listedRegions()
        // Not a silent pass: a catalog without parcels fails here.
        let parcels = try #require(listed["parcels"], "the texts list no parcels atlas")
        try #require(!parcels.isEmpty, "the parcels atlas lists no regions")
        let networks = try textEntries("networks")
        let order = ["Vis", "SomMot", "DorsAttn", "SalVentAttn", "Limbic", "Cont", "Default"]
        for parcel in parcels {
            // 7Networks_LH_Vis_1 → 7Networks_1 (Yeo's order, CONVENTIONS.md "texts/<atlas>.json").
            let parts = parcel.sourceLabel.split(separator: "_").map(String.init)
            let index = parts.count >= 3 ? order.firstIndex(of: parts[2]) : nil
            guard let index else {
                Issue.record("parcels: \(parcel.sourceLabel): no Yeo network in its name")
                continue
            }
            #expect(networks["\(parts[0])_\(index + 1)"] != nil, "parcels: \(parcel.sourceLabel)")
        }
    }
}
