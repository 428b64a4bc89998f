import BrainAtlas
import BrainFormats
import BrainImage
import BrainMaps
import Foundation

/// `report` for an SMP map on a bundled cortex mesh: the surface cluster table and lateral and medial views of the
/// map on that mesh (docs/MAPS.md). A surface map has no volume, so the page has no slices.
public struct SurfaceMapReport: Sendable {
    public let request: MapReportRequest
    public let file: String
    public let clusters: SurfaceClusterReport
    /// The views, then their colour bar (`ReportColorBar`).
    public let views: [ReportFigure]

    /// Reads the map once, finds its surface clusters on `request.mesh` and draws the views from it, through `maps`;
    /// `progress(done, total)` after each step.
    public static func make(_ request: MapReportRequest, library: AtlasLibrary, maps: MapOverlayStore = MapOverlayStore(),
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> SurfaceMapReport {
        try request.clusterOptions.validate()
        guard let name = request.mesh, let id = MeshID(name: name), case .cortex(_, let side) = id else {
            throw MapsError("--mesh: a report on an SMP map needs the bundled cortex mesh of its vertices (pial-left, pial-right, inflated-left or inflated-right)")
        }
        let url = URL(fileURLWithPath: request.file)
        let mesh = try SurfaceMesh.open(name, library: { library })
        // The overlay the views draw (the same fields, so the same store entry), read once; the table takes its values.
        let overlay = try maps.overlay(try OverlayOptions.read(request.overlayFields))
        guard let values = overlay.surfaceValues else { throw MapsError("\(url.lastPathComponent): is not an SMP file") }
        let clusters = try SurfaceClusterReport.make(values: values, name: overlay.name, mesh: mesh, options: request.clusterOptions,
                                                     library: { library })
        // The views draw the map straight onto the surface the request names (inflated by default), as `render --mesh`.
        guard let entry = library.catalog.mesh(.cortex(request.surface, side)) else { throw MapsError("--mesh: \(name) is not in the catalog") }
        let total = 3
        var done = 1
        progress(done, total)
        func step() { done += 1; progress(done, total) }
        let views = try ReportSurfaceViews.draw(request, library: library, maps: maps, meshFile: try library.url(entry.file).path,
                                                only: side, step: step)
        return SurfaceMapReport(request: request, file: url.lastPathComponent, clusters: clusters, views: views)
    }

    /// Writes `page()` to `out` atomically.
    public func write(to out: String) throws {
        try AtomicFile.writeRaw(Data(page().utf8), to: URL(fileURLWithPath: out))
    }

    public func page() -> String {
        let title = "Surface clusters of \(clusters.map)"
        let count = clusters.clusters.count == 1 ? "1 cluster" : "\(clusters.clusters.count) clusters"
        let sides = clusters.twoSided ? "values ≥ \(n(clusters.threshold)) or ≤ −\(n(clusters.threshold))" : "values ≥ \(n(clusters.threshold))"
        let settings = "\(file) on \(clusters.mesh). \(count) of \(sides), joined along the mesh's edges"
            + (clusters.minAreaMm2 > 0 ? ", at least \(ClusterReport.number(clusters.minAreaMm2)) mm² (the views show every vertex past the threshold)" : "")
            + ". Coordinates in MNI millimetres."
        var body = "<header><h1>\(e(title))</h1>\n<p class=\"settings\">\(e(settings))</p></header>\n"
        body += "<section id=\"surfaces\"><h2>On the cortex</h2>\n<div class=\"views\">" + views.map(ReportHTML.figure).joined() + "</div></section>\n"
        body += "<section id=\"table\"><h2>Clusters</h2>\n" + table() + "</section>\n"
        for c in clusters.clusters { body += section(c) }
        body += "<footer><p class=\"note\">\(e(Self.note))</p></footer>\n"
        return ReportHTML.document(title: title, body: body)
    }

    func table() -> String {
        guard !clusters.clusters.isEmpty else { return "<p>No vertex passes the threshold.</p>\n" }
        var rows = "<table class=\"clusters\"><thead><tr><th>#</th><th>sign</th><th>vertices</th><th>mm²</th><th>peak vertex</th>"
            + "<th>peak x</th><th>peak y</th><th>peak z</th><th>peak value</th><th>peak vertex in \(AtlasLibrary.defaultAtlas)</th></tr></thead><tbody>\n"
        for c in clusters.clusters {
            let cells = ["<a href=\"#cluster-\(c.id)\">\(c.id)</a>", c.sign, "\(c.vertices)", ClusterReport.number(c.areaMm2), "\(c.peak.vertex)"]
                + (c.peak.mni ?? c.peak.position).map(ClusterReport.number) + [n(c.peak.value),
                                                                              e(c.peak.vertexRegions?[AtlasLibrary.defaultAtlas]?.displayName ?? "–")]
            rows += "<tr class=\"cluster\" data-id=\"\(c.id)\">" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
        }
        return rows + "</tbody></table>\n" + ReportHTML.csvLink(file: file, csv: clusters.csv())
    }

    func section(_ c: SurfaceClusterReport.Entry) -> String {
        var out = "<section class=\"cluster\" id=\"cluster-\(c.id)\"><h2>Cluster \(c.id) (\(c.sign)): \(ClusterReport.number(c.areaMm2)) mm², "
            + "peak vertex \(c.peak.vertex) = \(n(c.peak.value))</h2>\n"
        out += "<table class=\"regions\"><thead><tr><th>atlas</th><th>peak vertex</th><th>at the peak's point</th>"
            + "<th>share of the cluster's area (≥ 1 %)</th></tr></thead><tbody>\n"
        for a in clusters.atlasOrder {
            out += "<tr class=\"atlas\" data-atlas=\"\(e(a))\"><td>\(e(a))</td><td>\(e(c.peak.vertexRegions?[a]?.displayName ?? "–"))</td>"
                + "<td>\(e(c.peak.maximum.regionText(atlas: a, tagged: false) ?? "–"))</td><td>\(e(ClusterReport.sharesText(c.regions?[a])))</td></tr>\n"
        }
        return out + "</tbody></table></section>\n"
    }

    private func e(_ text: String) -> String { MarkupText.escaped(text) }
    private func n(_ v: Float) -> String { ClusterReport.number(Double(v)) }

    static let note = "Made by BrainTutor. Areas are vertex areas (a third of each triangle's area to each of its vertices) on the pial "
        + "surface; shares are the percentage of a cluster's area in each region of an atlas's per-vertex labels. \"At the peak's point\" "
        + "is `where` at the peak vertex's MNI point, which lies on the outer edge of the cortical ribbon the volume atlases label."
}
