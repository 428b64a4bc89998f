import BrainFormats
import Foundation

/// The names (and colours) of a label image's values, from the tables atlases ship with: a BIDS `dseg.tsv`
/// (`index`, `name`, optional `color` `#rrggbb` columns; `.csv` alike), a FreeSurfer colour look-up table
/// (`.txt`/`.lut`: `value name r g b a`) or an FSL atlas XML (`<label index="i">Name</label>`, value `i + 1`,
/// as FSL's label atlases number their images).
public struct LabelTable: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public let value: Int
        public let name: String
        public let color: RGB?
    }

    public let rows: [Row]

    public init(rows: [Row]) { self.rows = rows }

    public static func read(_ path: String) throws -> LabelTable {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let data = try FileSource.read(url, sizeLimit: TextSizeLimit.check)
        let text = TextDecoding.decode(data)
        let rows: [Row]
        switch FormatRegistry.formatExtension(of: url) {
        case "tsv": rows = try delimited(text, separator: "\t", file: name)
        case "csv": rows = try delimited(text, separator: ",", file: name)
        case "xml": rows = try fslXML(text, file: name)
        case "txt", "lut", "ctab":
            rows = try FreeSurferColorLUT(bytes: [UInt8](data), name: name).entries.map { e in
                Row(value: e.index, name: e.name, color: RGB(UInt8(e.color[0]), UInt8(e.color[1]), UInt8(e.color[2])))
            }
        default:
            throw AtlasError.badArgument("--atlas-table", problem: "\(name): give a .tsv or .csv (BIDS dseg), .txt (FreeSurfer colour table) or .xml (FSL atlas)")
        }
        guard !rows.isEmpty else { throw AtlasError.badArgument("--atlas-table", problem: "\(name) names no label") }
        var seen: Set<Int> = []
        for row in rows where !seen.insert(row.value).inserted {
            throw AtlasError.badArgument("--atlas-table", problem: "\(name): label \(row.value) is named twice")
        }
        return LabelTable(rows: rows)
    }

    /// A header row naming `index` and `name` (any case; `label` for the value, `label_name` for the name too).
    static func delimited(_ text: String, separator: Character, file: String) throws -> [Row] {
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } }
        guard let header = lines.first?.map({ $0.lowercased() }) else { return [] }
        guard let value = header.firstIndex(where: { $0 == "index" || $0 == "label" || $0 == "value" }),
              let label = header.firstIndex(where: { $0 == "name" || $0 == "label_name" }) else {
            throw AtlasError.badArgument("--atlas-table", problem: "\(file): the header row needs an index and a name column (BIDS dseg.tsv: index, name)")
        }
        let color = header.firstIndex(of: "color") ?? header.firstIndex(of: "colour")
        return try lines.dropFirst().enumerated().compactMap { n, fields in
            if fields.allSatisfy(\.isEmpty) { return nil }
            guard fields.count > max(value, label), let v = Int(fields[value]), v >= 0, !fields[label].isEmpty else {
                throw AtlasError.badArgument("--atlas-table", problem: "\(file) row \(n + 2): needs a whole index ≥ 0 and a name")
            }
            return Row(value: v, name: fields[label], color: color.flatMap { fields.count > $0 ? hexColor(fields[$0]) : nil })
        }
    }

    static func hexColor(_ text: String) -> RGB? {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let v = UInt32(hex, radix: 16) else { return nil }
        return RGB(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }

    static func fslXML(_ text: String, file: String) throws -> [Row] {
        if text.range(of: "<type>Probabilistic</type>", options: .caseInsensitive) != nil,
           text.range(of: "summaryimagefile", options: .caseInsensitive) == nil {
            throw AtlasError.badArgument("--atlas-table", problem: "\(file) describes a probabilistic atlas; give its labelled (maximum-probability) image")
        }
        var rows: [Row] = []
        var rest = text[...]
        while let open = rest.range(of: "<label") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"), let close = rest[tagEnd...].range(of: "</label>") else { break }
            let tag = rest[open.upperBound..<tagEnd]
            guard let indexRange = tag.range(of: "index=\""), let end = tag[indexRange.upperBound...].firstIndex(of: "\""),
                  let index = Int(tag[indexRange.upperBound..<end]) else {
                throw AtlasError.badArgument("--atlas-table", problem: "\(file): label \(rows.count + 1) has no index=\"N\"")
            }
            let name = rest[rest.index(after: tagEnd)..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            rows.append(Row(value: index + 1, name: name, color: nil))
            rest = rest[close.upperBound...]
        }
        return rows
    }
}
