import BrainAtlas
import BrainImage
import BrainMaps
import Foundation

/// The report as one HTML page: styles inline and pictures as `data:` PNGs, so it opens anywhere without other
/// files or a network, and prints one cluster per block.
extension MapReport {
    public func page() -> String {
        let title = "Clusters of \(clusters.map)"
        var body = "<header><h1>\(e(title))</h1>\n<p class=\"settings\">\(e(settingsText))</p></header>\n"
        body += "<section id=\"surfaces\"><h2>On the cortex</h2>\n<div class=\"views\">"
            + views.map(figure).joined() + "</div>\n<p class=\"note\">\(e(Self.surfaceNote))</p></section>\n"
        body += "<section id=\"table\"><h2>Clusters</h2>\n" + summaryTable() + csvLink() + "</section>\n"
        for (n, c) in clusters.clusters.enumerated() { body += clusterSection(c, slices: n < peakSlices.count ? peakSlices[n] : nil) }
        if clusters.clusters.count > peakSlices.count {
            body += "<p class=\"note\">Slices are drawn for the first \(peakSlices.count) clusters only.</p>\n"
        }
        body += "<footer><p class=\"note\">\(e(Self.methodNote))</p></footer>\n"
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>\(e(title))</title>\n"
            + "<style>\n\(Self.style)</style></head>\n<body>\n\(body)</body></html>\n"
    }

    var settingsText: String {
        let sides = clusters.twoSided ? "values ≥ \(n(clusters.threshold)) or ≤ −\(n(clusters.threshold))" : "values ≥ \(n(clusters.threshold))"
        let count = clusters.clusters.count == 1 ? "1 cluster" : "\(clusters.clusters.count) clusters"
        return "\(file)\(statistic.map { ", \($0) map" } ?? ""), \(clusters.space == "talairach" ? "Talairach" : "MNI") space. "
            + "\(count) of \(sides), \(clusters.connectivity)-connected"
            + (clusters.minSizeMm3 > 0 ? ", at least \(ClusterReport.number(clusters.minSizeMm3)) mm³" : "")
            + "; voxel volume \(ClusterReport.number(clusters.voxelVolumeMm3)) mm³. Coordinates in MNI millimetres."
    }

    func summaryTable() -> String {
        guard !clusters.clusters.isEmpty else { return "<p>No voxel passes the threshold.</p>\n" }
        var rows = "<table class=\"clusters\"><thead><tr><th>#</th><th>sign</th><th>voxels</th><th>mm³</th>"
            + "<th>peak x</th><th>peak y</th><th>peak z</th><th>peak value</th><th>centre of mass</th><th>maxima</th>"
            + "<th>at the peak (\(e(summaryAtlas)))</th></tr></thead><tbody>\n"
        for c in clusters.clusters {
            let cells = ["<a href=\"#cluster-\(c.id)\">\(c.id)</a>", c.sign, "\(c.voxels)", ClusterReport.number(c.sizeMm3)]
                + c.peak.mni.map(ClusterReport.number) + [n(c.peak.value), ClusterReport.point(c.centreOfMass), "\(c.maxima.count)",
                                                           e(c.peak.regionText(atlas: summaryAtlas, tagged: false) ?? "–")]
            rows += "<tr class=\"cluster\" data-id=\"\(c.id)\">" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
        }
        return rows + "</tbody></table>\n"
    }

    /// The atlas named in the summary table: the default one (`gyri`) when bundled, else the first.
    var summaryAtlas: String {
        let order = clusters.clusters.first?.atlasOrder ?? []
        return order.contains(AtlasLibrary.defaultAtlas) ? AtlasLibrary.defaultAtlas : order.first ?? ""
    }

    /// The `clusters --csv` table inside the page (a `data:` link), for a spreadsheet without running the command again.
    func csvLink() -> String {
        guard !clusters.clusters.isEmpty else { return "" }
        let name = (file as NSString).deletingPathExtension.replacingOccurrences(of: ".nii", with: "") + "-clusters.csv"
        return "<p><a download=\"\(e(name))\" href=\"data:text/csv;charset=utf-8;base64,\(Data(clusters.csv().utf8).base64EncodedString())\">"
            + "The table with every atlas as CSV</a> (the columns of <code>braintutor clusters --csv</code>).</p>\n"
    }

    func clusterSection(_ c: ClusterReport.Entry, slices: [ReportFigure]?) -> String {
        var out = "<section class=\"cluster\" id=\"cluster-\(c.id)\"><h2>Cluster \(c.id) (\(c.sign)): \(ClusterReport.number(c.sizeMm3)) mm³, "
            + "peak \(ClusterReport.point(c.peak.mni)) = \(n(c.peak.value))</h2>\n"
        if let slices { out += "<div class=\"slices\">" + slices.map(figure).joined() + "</div>\n" }
        out += "<table class=\"regions\"><thead><tr><th>atlas</th><th>at the peak</th><th>share of the cluster (≥ 1 %)</th></tr></thead><tbody>\n"
        for a in c.atlasOrder {
            out += "<tr class=\"atlas\" data-atlas=\"\(e(a))\"><td>\(e(a))</td><td>\(e(c.peak.regionText(atlas: a, tagged: false) ?? "–"))</td>"
                + "<td>\(e(ClusterReport.sharesText(c.regions[a])))</td></tr>\n"
        }
        out += "</tbody></table>\n"
        if c.maxima.count > 1 {
            out += "<table class=\"maxima\"><thead><tr><th>maximum</th><th>value</th>"
                + c.atlasOrder.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead><tbody>\n"
            for m in c.maxima {
                out += "<tr><td>\(ClusterReport.point(m.mni))</td><td>\(n(m.value))</td>"
                    + c.atlasOrder.map { "<td>\(e(m.regionText(atlas: $0, tagged: false) ?? "–"))</td>" }.joined() + "</tr>\n"
            }
            out += "</tbody></table>\n"
        }
        return out + "</section>\n"
    }

    func figure(_ f: ReportFigure) -> String {
        "<figure><img src=\"\(f.dataURI)\" width=\"\(f.width)\" height=\"\(f.height)\" alt=\"\(e(f.caption))\"><figcaption>\(e(f.caption))</figcaption></figure>"
    }

    private func e(_ text: String) -> String { MarkupText.escaped(text) }
    private func n(_ v: Float) -> String { ClusterReport.number(Double(v)) }

    static let surfaceNote = "Each cortex vertex shows the strongest value along its inward normal from the pial surface to 3 mm "
        + "below it; only clusters the table lists are coloured. Lines are the borders of the default atlas's regions."
    static let methodNote = "Made by BrainTutor. Shares are the percentage of a cluster's voxels in each region of an atlas "
        + "(the template voxel nearest each voxel's centre); \"near R, d mm\" names the nearest region within 10 mm of a peak "
        + "that lies in none. Cortical atlases label the cortical ribbon only, so clusters in white matter have unlabelled shares."

    static let style = """
        body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;margin:1.5em auto;max-width:1320px;padding:0 1em;color:#111;line-height:1.4}
        h1{font-size:1.5em;margin:0 0 .3em}h2{font-size:1.15em;margin:1.4em 0 .5em}
        .settings,.note{color:#444}.note{font-size:.9em}
        .views,.slices{display:flex;flex-wrap:wrap;gap:.8em}
        figure{margin:0;break-inside:avoid}figure img{max-width:100%;height:auto;display:block;border:1px solid #ddd}
        .views figure{flex:1 1 300px;max-width:640px}.slices figure{flex:1 1 220px;max-width:420px}
        figcaption{font-size:.85em;color:#444;margin-top:.2em}
        table{border-collapse:collapse;margin:.6em 0;font-size:.9em}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
        th{background:#f1f1f1}table.clusters td:nth-child(n+3):nth-child(-n+8){text-align:right;font-variant-numeric:tabular-nums}
        section.cluster{break-inside:avoid-page;border-top:1px solid #ccc;margin-top:1.5em}
        @media print{body{margin:0;max-width:none}a{color:inherit;text-decoration:none}}

        """
}
