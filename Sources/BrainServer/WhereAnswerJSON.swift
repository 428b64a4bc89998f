import BrainAtlas
import BrainFormats

/// A `where` answer as JSON text, assembled from each region's pre-written pieces: the bytes `BrainJSON`
/// prints for `Lookup.Result` (keys sorted, the same number and string forms), without building a
/// `JSONValue` tree and sorting it for every request.
///
/// The members are written in their sorted order by hand; the endpoint tests and the CLI/server parity
/// tests compare the result with the CLI's, which encodes the answer the generic way.
struct WhereAnswerJSON {
    private let fragments: RegionJSONFragments
    private let answer: Lookup.Result
    private var out = ""

    /// The answer's text, or nil when a region has no pieces (the caller then encodes the answer whole).
    static func text(_ answer: Lookup.Result, fragments: RegionJSONFragments) -> String? {
        var writer = WhereAnswerJSON(fragments: fragments, answer: answer)
        return writer.write() ? writer.out : nil
    }

    private init(fragments: RegionJSONFragments, answer: Lookup.Result) {
        self.fragments = fragments
        self.answer = answer
        out.reserveCapacity(8192)
    }

    private mutating func write() -> Bool {
        out += "{\"atlases\":{"
        for (k, entry) in answer.atlases.sorted(by: { $0.name < $1.name }).enumerated() {
            member(entry.name, first: k == 0)
            guard let region = entry.region else { out += "null"; continue }
            guard answered(region, atlas: entry.name, border: .some(answer.details[entry.name]?.border)) else { return false }
        }
        out += "},\"caveats\":["
        for (k, caveat) in answer.caveats.enumerated() {
            out += k == 0 ? "{" : ",{"
            member("atlas", first: true); JSONWriter.append(caveat.atlas, to: &out)
            member("kind"); JSONWriter.append(caveat.kind.rawValue, to: &out)
            member("region"); JSONWriter.append(caveat.region, to: &out)
            member("text"); JSONWriter.append(caveat.text, to: &out)
            out += "}"
        }
        out += "]"
        if let conversion = answer.conversion {
            member("conversion"); JSONWriter.append(conversion, to: &out)
        }
        if let disagreement = answer.disagreement {
            member("disagreement")
            out += "{\"areas\":["
            for (k, vote) in disagreement.areas.enumerated() {
                out += k == 0 ? "{" : ",{"
                member("area", first: true); out += String(vote.area)
                member("atlas"); JSONWriter.append(vote.atlas, to: &out)
                member("region"); JSONWriter.append(vote.region, to: &out)
                out += "}"
            }
            out += "]"
            member("text"); JSONWriter.append(disagreement.text, to: &out)
            out += "}"
        }
        member("input"); numbers(answer.input)
        member("mni")
        if let mni = answer.mni { numbers(mni) } else { out += "null" }
        member("nearest")
        out += "{"
        for (k, entry) in answer.nearest.sorted(by: { $0.name < $1.name }).enumerated() {
            member(entry.name, first: k == 0)
            out += "{\"distanceMm\":"
            JSONWriter.append(entry.hit.distanceMm, to: &out)
            out += ",\"region\":"
            guard answered(entry.hit.region, atlas: entry.name, border: nil) else { return false }
            out += "}"
        }
        out += "}"
        // As the generic encoding: the radius is written only beside the regions within it.
        if answer.within != nil, let radius = answer.radiusMm {
            member("radiusMm"); JSONWriter.append(radius, to: &out)
        }
        member("space"); JSONWriter.append(answer.space.rawValue, to: &out)
        member("voxel")
        out += "[\(answer.voxel.x),\(answer.voxel.y),\(answer.voxel.z)]"  // `VoxelIndex` encodes as an array
        if let within = answer.within {
            member("within")
            out += "{"
            for (k, entry) in within.sorted(by: { $0.name < $1.name }).enumerated() {
                member(entry.name, first: k == 0)
                out += "["
                for (n, hit) in entry.hits.enumerated() {
                    if n > 0 { out += "," }
                    guard hitObject(hit) else { return false }
                }
                out += "]"
            }
            out += "}"
        }
        out += "}"
        return true
    }

    /// `"key":`, after a comma unless it opens its object.
    private mutating func member(_ key: String, first: Bool = false) {
        if !first { out += "," }
        JSONWriter.append(key, to: &out)
        out += ":"
    }

    private mutating func numbers(_ values: [Double]) {
        out += "["
        for (k, value) in values.enumerated() {
            if k > 0 { out += "," }
            JSONWriter.append(value, to: &out)
        }
        out += "]"
    }

    /// `{"distanceMm","region"}` with the region as the atlas has it (a border or a hit within a radius).
    private mutating func hitObject(_ hit: Lookup.Nearest) -> Bool {
        guard let pieces = fragments.pieces(atlas: hit.region.atlas, id: hit.region.id) else { return false }
        out += "{\"distanceMm\":"
        JSONWriter.append(hit.distanceMm, to: &out)
        out += ",\"region\":" + pieces.whole + "}"
        return true
    }

    /// A region with the answer's provenance in place of its own (`Lookup.Result`'s rule), and with
    /// `border` as a member when given (`.some(nil)` writes `"border":null`).
    private mutating func answered(_ region: Region, atlas: String, border: Lookup.Nearest??) -> Bool {
        guard let pieces = fragments.pieces(atlas: atlas, id: region.id) else { return false }
        let provenance = answer.details[atlas].map(\.provenance) ?? region.provenance
        let provenanceText: String?
        if provenance == pieces.provenance {
            provenanceText = pieces.provenanceText
        } else if let provenance {
            guard let value = try? JSONValueEncoder.encode(provenance) else { return false }
            provenanceText = JSONWriter(pretty: false, sortedKeys: true).string(value)
        } else {
            provenanceText = nil
        }
        out += "{"
        var first = true
        func separate(_ out: inout String) {
            if !first { out += "," }
            first = false
        }
        if !pieces.beforeBorder.isEmpty { separate(&out); out += pieces.beforeBorder }
        if case .some(let border) = border {
            separate(&out)
            out += "\"border\":"
            if let border {
                guard hitObject(border) else { return false }
            } else {
                out += "null"
            }
        }
        if !pieces.beforeProvenance.isEmpty { separate(&out); out += pieces.beforeProvenance }
        if let provenanceText { separate(&out); out += "\"provenance\":" + provenanceText }
        if !pieces.afterProvenance.isEmpty { separate(&out); out += pieces.afterProvenance }
        out += "}"
        return true
    }
}
