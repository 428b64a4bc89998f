import BrainAtlas
import BrainFormats
import BrainRender
import Synchronization

/// Writes `/api/pick`'s answer as the bytes `BrainJSON.encode` gives the same `PickReport`, with
/// each region object (most of an answer: its info text) encoded once and copied after that.
///
/// The members go in `BrainJSON`'s sorted order; each value is written by `BrainJSON` itself or
/// is an integer, so the layout rules stay in one place. `PickAnswerTests` compares the two.
final class PickAnswerJSON: Sendable {
    private struct Fragment {
        let text: String?
        let json: String
    }

    /// Region objects kept: a catalog holds a few thousand regions, and a region answered at
    /// several kinds of evidence is one entry per kind; past this the memo starts over.
    static let capacity = 8192

    private let fragments = Mutex([Region: Fragment]())

    func encode(_ report: PickReport) throws -> String {
        var out = "{\"mni\":"
        if let mni = report.mni { out += try BrainJSON.string(mni) } else { out += "null" }
        out += ",\"region\":"
        if let region = report.region { out += try fragment(region) } else { out += "null" }
        out += ",\"surface\":"
        if let surface = report.surface { out += try BrainJSON.string(surface) } else { out += "null" }
        // `value` is there only with an overlay, and null where the map has none.
        if let value = report.value {
            out += ",\"value\":"
            if let value { out += try BrainJSON.string(value) } else { out += "null" }
        }
        out += ",\"vertex\":"
        if let vertex = report.vertex { out += String(vertex) } else { out += "null" }
        out += ",\"x\":" + String(report.x) + ",\"y\":" + String(report.y) + "}"
        return out
    }

    /// The region object with its text, from the memo when this region (with this text) was
    /// answered before.
    private func fragment(_ region: RegionWith<PickReport.TextField>) throws -> String {
        let text = region.extra.text
        if let known = fragments.withLock({ $0[region.base] }), known.text == text { return known.json }
        let json = try BrainJSON.string(region)
        fragments.withLock { memo in
            if memo.count >= Self.capacity { memo.removeAll(keepingCapacity: true) }
            memo[region.base] = Fragment(text: text, json: json)
        }
        return json
    }
}
