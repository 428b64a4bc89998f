import BrainAtlas
import BrainFormats

/// `where --table --json`'s rows written as text directly: each region's JSON is encoded once and spliced in, so a
/// row costs a few appends rather than a Codable pass over every region it names. The text is the one
/// `BrainJSON.string(PointTableLookup.Row)` gives (compact, keys sorted); a test holds the two together.
struct PointTableJSON {
    private let writer = JSONWriter(pretty: false, sortedKeys: true)
    /// The answered atlases' positions, by name (JSON objects list their keys sorted).
    private let atlasOrder: [Int]
    /// `"name":` of each answered atlas.
    private let atlasKeys: [String]
    /// Per answered atlas, the JSON of region id − 1, made on first use.
    private var regions: [[String?]]
    /// The input columns by name, each name once (the first column of a repeated name wins, as in `Row`).
    private let inputColumns: [(key: String, column: Int)]

    init(atlases: [Atlas], columns: [String]) {
        atlasOrder = atlases.indices.sorted { atlases[$0].name < atlases[$1].name }
        let writer = JSONWriter(pretty: false, sortedKeys: true)
        atlasKeys = atlases.map { writer.string(.string($0.name)) + ":" }
        regions = atlases.map { [String?](repeating: nil, count: $0.regions.count) }
        var seen = Set<String>()
        var byName: [(key: String, column: Int)] = []
        for (k, name) in columns.enumerated() where seen.insert(name).inserted { byName.append((key: name, column: k)) }
        inputColumns = byName.sorted { $0.key < $1.key }.map { (key: writer.string(.string($0.key)) + ":", column: $0.column) }
    }

    /// One row's JSON object.
    mutating func row(_ cells: [String], mni: SIMD3<Double>?, answers: [PointTableLookup.Answer]?, error: String?) throws -> String {
        var out = "{\"atlases\":{"
        if let answers {
            for (k, a) in atlasOrder.enumerated() {
                if k > 0 { out += "," }
                out += atlasKeys[a]
                try answer(answers[a], atlas: a, into: &out)
            }
        }
        out += "}"
        if let error { out += ",\"error\":" + writer.string(.string(error)) }
        out += ",\"input\":{"
        var first = true
        for c in inputColumns where c.column < cells.count {
            if !first { out += "," }
            out += c.key + writer.string(.string(cells[c.column]))
            first = false
        }
        out += "},\"mni\":["
        if let mni {
            out += [mni.x, mni.y, mni.z].map { writer.string(.double($0.roundedToHundredths)) }.joined(separator: ",")
        }
        out += "]}"
        return out
    }

    private mutating func answer(_ a: PointTableLookup.Answer, atlas: Int, into out: inout String) throws {
        out += "{"
        var members: [String] = []
        if let d = a.distanceMm { members.append("\"distanceMm\":" + writer.string(.double(d))) }
        if let r = a.nearest { members.append("\"nearest\":" + (try region(r, atlas: atlas))) }
        if let r = a.region { members.append("\"region\":" + (try region(r, atlas: atlas))) }
        out += members.joined(separator: ",") + "}"
    }

    private mutating func region(_ r: Region, atlas: Int) throws -> String {
        let slot = r.id - 1
        guard regions[atlas].indices.contains(slot) else { return try BrainJSON.string(r) }
        if let text = regions[atlas][slot] { return text }
        let text = try BrainJSON.string(r)
        regions[atlas][slot] = text
        return text
    }
}
