import BrainFormats
import BrainAtlas

extension ClusterReport {
    /// CSV (RFC 4180 quoting): one row per cluster, the columns of docs/MAPS.md, then two per atlas.
    public func csv() -> String {
        let atlases = clusters.first?.atlasOrder ?? []
        var header = ["cluster", "sign", "voxels", "size_mm3", "peak_x", "peak_y", "peak_z", "peak_value",
                      "com_x", "com_y", "com_z", "maxima"]
        for a in atlases { header += ["\(a)_peak", "\(a)_regions"] }
        var rows = [header.map(Self.quoted).joined(separator: ",")]
        for c in clusters {
            var row = ["\(c.id)", c.sign, "\(c.voxels)", Self.number(c.sizeMm3)] + shown(c.peak.mni).map(Self.number)
                + [Self.number(Double(c.peak.value))] + shown(c.centreOfMass).map(Self.number) + ["\(c.maxima.count)"]
            for a in atlases {
                row.append(c.peak.regionText(atlas: a, tagged: false) ?? "")
                row.append(Self.sharesText(c.regions[a]))
            }
            rows.append(row.map(Self.quoted).joined(separator: ","))
        }
        return rows.joined(separator: "\n")
    }

    /// Readable text: a line per cluster, its maxima and its main regions in every atlas.
    public func text() -> String {
        var lines = ["\(map): \(clusters.count) cluster\(clusters.count == 1 ? "" : "s") at \(twoSided ? "|value|" : "value") ≥ \(threshold)\(thresholdMethod == "given" ? "" : " (\(thresholdMethod))"), "
                     + "\(connectivity)-connected\(minSizeMm3 > 0 ? ", ≥ \(Self.number(minSizeMm3)) mm³" : "") (\(coordinates == "tal" ? "Talairach" : "MNI") mm\(space == "talairach" ? "; the map is in Talairach space" : "")\(template.map { "; template \($0)" } ?? ""))"]
        if let clusterCorrection { lines.append("  \(clusterCorrection.method)") }
        for c in clusters {
            lines.append("")
            lines.append("cluster \(c.id) (\(c.sign)): \(c.voxels) voxels, \(Self.number(c.sizeMm3)) mm³; peak \(Self.point(shown(c.peak.mni))) = "
                         + "\(Self.number(Double(c.peak.value)))\(c.peak.lag.map { " (lag \($0))" } ?? ""); centre of mass \(Self.point(shown(c.centreOfMass)))"
                         + (c.label.map { "; at the peak: \($0)" } ?? ""))
            for m in c.maxima {
                let names = c.atlasOrder.compactMap { m.regionText(atlas: $0).map { "\($0)" } }
                lines.append("  maximum \(Self.point(shown(m.mni))) = \(Self.number(Double(m.value))): \(names.isEmpty ? "no region" : names.joined(separator: "; "))")
            }
            for a in c.atlasOrder {
                lines.append("  \(a): \(Self.sharesText(c.regions[a]))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `Region P%; …; unlabelled P%` (shares ≥ 1 %), as the CSV and text print them.
    public static func sharesText(_ shares: AtlasShares?) -> String {
        guard let shares else { return "" }
        var parts = shares.regions.map { "\($0.region.displayName) \(number($0.percent))%" }
        if shares.unlabelled >= ClusterRegions.minimumPercent { parts.append("unlabelled \(number(shares.unlabelled))%") }
        return parts.joined(separator: "; ")
    }

    public static func point(_ p: [Double]) -> String { "(" + p.map(number).joined(separator: ", ") + ")" }

    /// Shortest text of a number rounded to 0.01, without a trailing ".0".
    public static func number(_ v: Double) -> String { v.hundredthsText }

    static func quoted(_ field: String) -> String {
        field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
}

extension ClusterReport.Maximum {
    /// The region of `atlas` at this maximum, else the nearest one within the `where` radius ("near …, 2.2 mm").
    public func regionText(atlas: String, tagged: Bool = true) -> String? {
        guard let answer = atlases else { return nil }
        let tag = tagged ? " [\(atlas)]" : ""
        if let region = answer.atlases.first(where: { $0.name == atlas })?.region { return region.displayName + tag }
        if let near = answer.nearest.first(where: { $0.name == atlas })?.hit {
            return "near \(near.region.displayName), \(ClusterReport.number(near.distanceMm)) mm" + tag
        }
        return nil
    }
}
