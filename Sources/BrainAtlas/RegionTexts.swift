import Foundation
import BrainFormats

/// The info texts and synonyms of one atlas (`texts/<atlas>.json`), keyed by sourceLabel.
public struct RegionTexts: Sendable {
    /// One region's text and synonyms (left and right share it).
    public struct Entry: Codable, Sendable, Equatable {
        public var text: String
        public var synonyms: [String]

        public init(text: String, synonyms: [String]) {
            self.text = text
            self.synonyms = synonyms
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            text = try c.decode(String.self, forKey: .text)
            synonyms = try c.decodeIfPresent([String].self, forKey: .synonyms) ?? []
        }
    }

    struct File: Codable {
        var atlas: String
        var regions: [String: Entry]
    }

    public let atlas: String
    public let entries: [String: Entry]

    public init(atlas: String, entries: [String: Entry]) {
        self.atlas = atlas
        self.entries = entries
    }

    /// Reads a texts file; `expectedAtlas` guards against a file put under the wrong name.
    public static func read(from url: URL, expectedAtlas: String) throws -> RegionTexts {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw AtlasError.unreadable(url.path, reason: "no such file")
        }
        let file: File
        do throws(JSONError) {
            let tree: JSONValue
            do { tree = try JSONValue.parse(data) } catch { throw .syntax(error) }
            // The direct reading (`RegionTextsReading`); the Codable one reads anything else or names the fault.
            if let direct = File(tree: tree) {
                file = direct
            } else {
                do { file = try JSONValueDecoder.decode(File.self, from: tree) } catch { throw .shape(error) }
            }
        } catch {
            throw AtlasError.badTexts(url.path, field: error.location, problem: error.problem)
        }
        guard file.atlas == expectedAtlas else {
            throw AtlasError.badTexts(url.path, field: "atlas", problem: "'\(file.atlas)' (expected '\(expectedAtlas)')")
        }
        return RegionTexts(atlas: file.atlas, entries: file.regions)
    }

    /// The entry for a sourceLabel, if the file has one.
    public func entry(for sourceLabel: String) -> Entry? { entries[sourceLabel] }

    /// Yeo's 7-network order, which Schaefer parcel names (`7Networks_LH_<Net>_k`) refer to by name.
    public static let yeo7Networks = ["Vis", "SomMot", "DorsAttn", "SalVentAttn", "Limbic", "Cont", "Default"]

    /// The `networks` sourceLabel (`7Networks_N`) a Schaefer parcel belongs to, or nil.
    public static func networkLabel(forParcel sourceLabel: String) -> String? {
        let parts = sourceLabel.split(separator: "_")
        guard parts.count >= 3, parts[0].hasSuffix("Networks"), parts[1] == "LH" || parts[1] == "RH",
              let index = yeo7Networks.firstIndex(of: String(parts[2])) else { return nil }
        return "\(parts[0])_\(index + 1)"
    }
}
