import Foundation

/// A warning attached to a `where` answer: the region named (at the point or nearest to it) has an
/// approximate map, or an approximate area lies within `Lookup.caveatRadiusMm` of the point.
///
/// JSON `{"atlas", "region", "kind": "at"|"nearest"|"near", "text"}`.
public struct LookupCaveat: Codable, Sendable, Equatable {
    /// Where the approximate region is relative to the point.
    public enum Kind: String, Codable, Sendable {
        /// The answer at the point is approximate.
        case at
        /// The nearest region (no region at the point) is approximate.
        case nearest
        /// The point is not in the region but within the caveat radius of it.
        case near
    }

    public let atlas: String
    /// Display name of the approximate region.
    public let region: String
    public let kind: Kind
    /// One sentence for the reader.
    public let text: String

    /// Why a region is approximate, in the region's own words (its caveat, else its provenance rule).
    static func reason(_ r: Region) -> String {
        r.caveat ?? r.provenance.map { "approximate map: \($0.rule)" } ?? "approximate map"
    }

    /// The caveats of one atlas's answer: its region or nearest region if approximate, else every
    /// approximate region among `near` (labels within the caveat radius, read only if the atlas has any).
    static func caveats(atlas: Atlas, at region: Region?, nearest: Region?, near labels: () -> [Int]) -> [LookupCaveat] {
        var out: [LookupCaveat] = []
        if let r = region, r.isApproximate {
            out.append(LookupCaveat(atlas: atlas.name, region: r.displayName, kind: .at, text: reason(r)))
        }
        if let r = nearest, r.isApproximate {
            out.append(LookupCaveat(atlas: atlas.name, region: r.displayName, kind: .nearest, text: reason(r)))
        }
        // An approximate answer already carries the warning; its approximate neighbours add nothing.
        guard out.isEmpty, atlas.hasApproximateRegions else { return out }
        for id in labels() where id != region?.id && id != nearest?.id {
            guard let r = atlas.region(id: id), r.isApproximate else { continue }
            out.append(LookupCaveat(atlas: atlas.name, region: r.displayName, kind: .near,
                                    text: "within \(format(Lookup.caveatRadiusMm)) mm of \(r.displayName): \(reason(r))"))
        }
        return out
    }
}
