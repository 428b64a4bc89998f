import BrainFormats
import Foundation

/// Checks that the region texts written beside the catalog cover every region of an atlas.
enum TextCheck {
    private struct TextFile: Decodable {
        var regions: [String: Entry]
        struct Entry: Decodable { var text: String }
    }

    /// "atlas: sourceLabel" for each region without a text; empty when the file is absent.
    static func missing(atlas: String, regions: [Recipe.RegionRecipe], in url: URL) -> [String] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        guard let file = try? BrainJSON.decode(TextFile.self, from: data) else { return ["\(atlas): texts file is not valid"] }
        var seen = Set<String>(), out: [String] = []
        for r in regions where file.regions[r.sourceLabel] == nil && seen.insert(r.sourceLabel).inserted {
            out.append("\(atlas): \(r.sourceLabel)")
        }
        return out
    }
}
