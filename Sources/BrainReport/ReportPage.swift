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
        body += "<section id=\"glass\"><h2>Glass brain</h2>\n<div class=\"glass\">" + figure(glass) + "</div></section>\n"
        body += "<section id=\"surfaces\"><h2>On the cortex</h2>\n<div class=\"views\">"
            + views.map(figure).joined() + "</div>\n<p class=\"note\">\(e(Self.surfaceNote))</p></section>\n"
        body += "<section id=\"table\"><h2>Clusters</h2>\n" + summaryTable() + csvLink() + "</section>\n"
        for (n, c) in clusters.clusters.enumerated() { body += clusterSection(c, slices: n < peakSlices.count ? peakSlices[n] : nil) }
        if clusters.clusters.count > peakSlices.count {
            body += "<p class=\"note\">Slices are drawn for the first \(peakSlices.count) clusters only.</p>\n"
        }
        body += "<footer><p class=\"note\">\(e(Self.methodNote))</p></footer>\n"
        return ReportHTML.document(title: title, body: body)
    }

    var settingsText: String {
        let sides = clusters.twoSided ? "values ≥ \(n(clusters.threshold)) or ≤ −\(n(clusters.threshold))" : "values ≥ \(n(clusters.threshold))"
        let count = clusters.clusters.count == 1 ? "1 cluster" : "\(clusters.clusters.count) clusters"
        return "\(file)\(statistic.map { ", \($0) map" } ?? ""), \(clusters.space == "talairach" ? "Talairach" : "MNI") space. "
            + "\(count) of \(sides)\(clusters.thresholdMethod == "given" ? "" : " (\(clusters.thresholdMethod))"), \(clusters.connectivity)-connected"
            + (clusters.minSizeMm3 > 0 ? ", at least \(ClusterReport.number(clusters.minSizeMm3)) mm³" : "")
            + "; voxel volume \(ClusterReport.number(clusters.voxelVolumeMm3)) mm³. Coordinates in MNI millimetres."
            + (clusters.clusterCorrection.map { " Cluster-level correction: \($0.method)." } ?? "")
    }

    func summaryTable() -> String {
        guard !clusters.clusters.isEmpty else { return "<p>No voxel passes the threshold.</p>\n" }
        var rows = "<table class=\"clusters\"><thead><tr><th>#</th><th>sign</th><th>voxels</th><th>mm³</th>"
            + "<th>peak x</th><th>peak y</th><th>peak z</th><th>peak value</th><th>centre of mass</th><th>maxima</th>"
            + "<th>at the peak (most specific atlas)</th></tr></thead><tbody>\n"
        for c in clusters.clusters {
            let cells = ["<a href=\"#cluster-\(c.id)\">\(c.id)</a>", c.sign, "\(c.voxels)", ClusterReport.number(c.sizeMm3)]
                + c.peak.mni.map(ClusterReport.number) + [n(c.peak.value), ClusterReport.point(c.centreOfMass), "\(c.maxima.count)",
                                                           e(c.label ?? "–")]
            rows += "<tr class=\"cluster\" data-id=\"\(c.id)\">" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
        }
        return rows + "</tbody></table>\n"
    }

    /// The `clusters --csv` table inside the page (a `data:` link), for a spreadsheet without running the command again.
    func csvLink() -> String { clusters.clusters.isEmpty ? "" : ReportHTML.csvLink(file: file, csv: clusters.csv()) }

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

    func figure(_ f: ReportFigure) -> String { ReportHTML.figure(f) }

    private func e(_ text: String) -> String { MarkupText.escaped(text) }
    private func n(_ v: Float) -> String { ClusterReport.number(Double(v)) }

    static let surfaceNote = "Each cortex vertex shows the strongest value along its inward normal from the pial surface to 3 mm "
        + "below it; only clusters the table lists are coloured. Lines are the borders of the default atlas's regions."
    static let methodNote = "Made by BrainTutor. Shares are the percentage of a cluster's voxels in each region of an atlas "
        + "(the template voxel nearest each voxel's centre); \"near R, d mm\" names the nearest region within 10 mm of a peak "
        + "that lies in none. Cortical atlases label the cortical ribbon only, so clusters in white matter have unlabelled shares."

}
