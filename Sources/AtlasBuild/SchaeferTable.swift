import Foundation
import BrainAtlas

/// Regions read from the Schaefer TSV (`index hemi name color`), in TSV order.
enum SchaeferTable {
    struct Row: Sendable {
        var region: Recipe.RegionRecipe
        var color: [Int]
    }

    static func read(_ url: URL, table: Recipe.RegionTable) throws -> [Row] {
        let file = url.lastPathComponent
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw BuildError(file: file, field: "-", problem: "cannot read: \(error.localizedDescription)")
        }
        var rows: [Row] = []
        for (n, line) in text.split(whereSeparator: \.isNewline).enumerated() where n > 0 {
            let f = line.split(separator: "\t").map(String.init)
            guard f.count >= 4 else { throw BuildError(file: file, field: "line \(n + 1)", problem: "expected 4 tab-separated columns") }
            let name = f[2]
            if table.skip.contains(name) { continue }
            let hemi: Hemisphere = f[1] == "L" ? .left : f[1] == "R" ? .right : .none
            let parts = name.split(separator: "_").map(String.init)
            guard parts.count >= 4, let network = table.networkNames[parts[2]] else {
                throw BuildError(file: file, field: "line \(n + 1) name", problem: "\(name) is not 7Networks_<hemi>_<network>_<parcel> with a known network")
            }
            let display = "\(network) \(parts[3...].joined(separator: " "))"
            let hex = f[3].hasPrefix("#") ? String(f[3].dropFirst()) : f[3]
            guard hex.count >= 6, let rgb = UInt32(hex.prefix(6), radix: 16) else {
                throw BuildError(file: file, field: "line \(n + 1) color", problem: "\(f[3]) is not #RRGGBB")
            }
            let color = [Int(rgb >> 16 & 255), Int(rgb >> 8 & 255), Int(rgb & 255)]
            rows.append(Row(region: Recipe.RegionRecipe(sourceLabel: name, name: display, hemisphere: hemi), color: color))
        }
        return rows
    }
}
