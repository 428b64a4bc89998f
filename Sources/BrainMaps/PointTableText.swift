import BrainAtlas
import BrainFormats

/// The text of `where --table`'s answers written straight as bytes: each region's CSV name or JSON object and each
/// distance's text is made once per run and copied into every row that names it, so a row costs a few copies rather
/// than a pass of string formatting or of Codable over every region it names. The JSON is the text
/// `BrainJSON.string(PointTableLookup.Row)` gives (compact, keys sorted), the CSV the one `ClusterReport.quoted`
/// fields make; tests hold both to those.
struct PointTableText: Sendable {
    let json: Bool
    let atlasCount: Int
    private let writer = JSONWriter(pretty: false, sortedKeys: true)
    private let columns: [String]
    private let atlasNames: [String]
    /// Per atlas, per label − 1: the region's quoted display name (CSV) or JSON object.
    private let regionTexts: [[[UInt8]]]
    /// Per squared distance (voxels²) within the radius: its text in mm.
    private let distanceTexts: [[UInt8]]
    /// JSON: the atlases in key order, and `"name":` of each.
    private let atlasOrder: [Int]
    private let atlasKeys: [[UInt8]]
    /// JSON: the input columns by name, each name once (the first column of a repeated name wins, as in `Row`).
    private let inputColumns: [(key: [UInt8], column: Int)]

    init(atlases: [Atlas], columns: [String], radiusMm: Double, json: Bool) throws {
        self.json = json
        self.columns = columns
        atlasCount = atlases.count
        atlasNames = atlases.map(\.name)
        let writer = writer
        regionTexts = try atlases.map { atlas in
            try atlas.regions.map { region in
                json ? Array(try BrainJSON.string(region).utf8) : Array(ClusterReport.quoted(region.displayName).utf8)
            }
        }
        let limit = Int((radiusMm * radiusMm).rounded(.down))
        distanceTexts = (0...max(0, limit)).map { d2 in
            let mm = PackedAnswer.distanceMm(squared: d2)
            return Array((json ? writer.string(.double(mm)) : ClusterReport.number(mm)).utf8)
        }
        atlasOrder = atlases.indices.sorted { atlases[$0].name < atlases[$1].name }
        atlasKeys = atlases.map { Array((writer.string(.string($0.name)) + ":").utf8) }
        var seen = Set<String>()
        var byName: [(key: String, column: Int)] = []
        for (k, name) in columns.enumerated() where seen.insert(name).inserted { byName.append((key: name, column: k)) }
        inputColumns = byName.sorted { $0.key < $1.key }.map { (key: Array((writer.string(.string($0.key)) + ":").utf8), column: $0.column) }
    }

    /// CSV: the input columns, then per atlas `<atlas>`, `<atlas>_nearest`, `<atlas>_distance_mm`, then `error`;
    /// JSON: the array's opening bracket.
    func header() -> [UInt8] {
        guard !json else { return Array("[".utf8) }
        let names = columns + atlasNames.flatMap { [$0, "\($0)_nearest", "\($0)_distance_mm"] } + ["error"]
        return Array((names.map(ClusterReport.quoted).joined(separator: ",") + "\n").utf8)
    }

    func footer() -> [UInt8] { json ? Array("\n]\n".utf8) : [] }

    /// One row's line: its cells, its answers (nil for a row in error) and its error.
    func row(_ cells: [String], mni: SIMD3<Double>?, answers: [PackedAnswer]?, error: String?, first: Bool, into out: inout [UInt8]) {
        json ? jsonRow(cells, mni: mni, answers: answers, error: error, first: first, into: &out)
            : csvRow(cells, answers: answers, error: error, into: &out)
    }

    private func csvRow(_ cells: [String], answers: [PackedAnswer]?, error: String?, into out: inout [UInt8]) {
        for (k, cell) in cells.enumerated() {
            if k > 0 { out.append(0x2C) }
            Self.appendQuoted(cell, to: &out)
        }
        for a in 0..<atlasCount {
            let answer = answers?[a] ?? .none
            out.append(0x2C)
            if answer.kind == .inside { out += regionTexts[a][Int(answer.label) - 1] }
            out.append(0x2C)
            if answer.kind == .nearest { out += regionTexts[a][Int(answer.label) - 1] }
            out.append(0x2C)
            if answer.kind != .none { out += distanceTexts[Int(answer.squaredDistance)] }
        }
        out.append(0x2C)
        if let error { Self.appendQuoted(error, to: &out) }
        out.append(0x0A)
    }

    private func jsonRow(_ cells: [String], mni: SIMD3<Double>?, answers: [PackedAnswer]?, error: String?, first: Bool, into out: inout [UInt8]) {
        out += first ? [0x0A] : [0x2C, 0x0A]
        out += Self.atlasesOpen
        if let answers {
            for (k, a) in atlasOrder.enumerated() {
                if k > 0 { out.append(0x2C) }
                out += atlasKeys[a]
                let answer = answers[a]
                switch answer.kind {
                case .none: out += Self.emptyObject
                case .inside:
                    out += Self.distanceKey
                    out += distanceTexts[0]
                    out += Self.regionKey
                    out += regionTexts[a][Int(answer.label) - 1]
                    out.append(0x7D)
                case .nearest:
                    out += Self.distanceKey
                    out += distanceTexts[Int(answer.squaredDistance)]
                    out += Self.nearestKey
                    out += regionTexts[a][Int(answer.label) - 1]
                    out.append(0x7D)
                }
            }
        }
        out.append(0x7D)
        if let error { out += Self.errorKey; appendJSONString(error, to: &out) }
        out += Self.inputKey
        var firstColumn = true
        for c in inputColumns where c.column < cells.count {
            if !firstColumn { out.append(0x2C) }
            out += c.key
            appendJSONString(cells[c.column], to: &out)
            firstColumn = false
        }
        out += Self.mniKey
        if let mni {
            for (k, v) in [mni.x, mni.y, mni.z].enumerated() {
                if k > 0 { out.append(0x2C) }
                out += writer.string(.double(v.roundedToHundredths)).utf8
            }
        }
        out += Self.rowClose
    }

    private static let atlasesOpen = Array("{\"atlases\":{".utf8)
    private static let emptyObject = Array("{}".utf8)
    private static let distanceKey = Array("{\"distanceMm\":".utf8)
    private static let regionKey = Array(",\"region\":".utf8)
    private static let nearestKey = Array(",\"nearest\":".utf8)
    private static let errorKey = Array(",\"error\":".utf8)
    private static let inputKey = Array(",\"input\":{".utf8)
    private static let mniKey = Array("},\"mni\":[".utf8)
    private static let rowClose = Array("]}".utf8)

    /// A cell as `ClusterReport.quoted` writes it: as it is unless it holds a comma, a quote or a line break.
    static func appendQuoted(_ field: String, to out: inout [UInt8]) {
        if field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A }) { out += ClusterReport.quoted(field).utf8 } else { out += field.utf8 }
    }

    /// A JSON string: copied between quotes when it holds nothing JSON escapes, else through the writer.
    private func appendJSONString(_ s: String, to out: inout [UInt8]) {
        if s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += writer.string(.string(s)).utf8
        } else {
            out.append(0x22)
            out += s.utf8
            out.append(0x22)
        }
    }

    /// Whether `bytes` may hold a character `TextDecoding.printable` escapes: a C0 control other than a line break
    /// or tab, DEL, or a C1 control (UTF-8 C2 80…9F). A quick filter: the escaping itself stays that function's.
    static func mayHoldControls(_ bytes: [UInt8]) -> Bool {
        bytes.contains { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 }
    }
}
