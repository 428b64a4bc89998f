import BrainAtlas
import BrainFormats
import BrainImage
import BrainMaps
import BrainRender
import BrainSlice
import Foundation

/// `report`'s content: the cluster table of a map, four surface views with the map, and the three slices through
/// each of the first `figureClusters` clusters' peaks (docs/MAPS.md). `page()` makes it one self-contained HTML page.
public struct MapReport: Sendable {
    /// Clusters beyond this many are listed in the tables without slices, so a speckled map still gives a readable page.
    public static let figureClusters = 20

    public let request: MapReportRequest
    public let file: String
    /// The statistic (`t`, `z`, …) or nil.
    public let statistic: String?
    public let clusters: ClusterReport
    /// The cortex views, then the one colour bar every picture of the page shares (`ReportColorBar`).
    public let views: [ReportFigure]
    /// Per cluster (the first `figureClusters`), its axial, coronal and sagittal slices through the peak.
    public let peakSlices: [[ReportFigure]]
    /// The glass brain of the clusters, numbered as the table numbers them (its scale is the page's one colour bar).
    public let glass: ReportFigure

    /// Every picture of the page, in page order.
    public var figures: [ReportFigure] { [glass] + views + peakSlices.flatMap { $0 } }

    /// Pixels per millimetre of the page's glass brain: the three projections fit the page's width.
    static let glassScale = 2

    /// How the page's own pictures (glass brain, colour bar) are compressed: zlib level 9 with every
    /// filter tried took about a sixth of a whole report for files a few kB smaller.
    static let pictureCompression = PNGEncoder.Compression.compact

    /// Reads the map once, finds its clusters and draws the pictures from it, through `maps`; `progress(done, total)`
    /// after each step.
    public static func make(_ request: MapReportRequest, library: AtlasLibrary, maps: MapOverlayStore = MapOverlayStore(),
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> MapReport {
        try request.clusterOptions.validate()
        let url = URL(fileURLWithPath: request.file)
        let volume = try MapVolume.load(url, map: request.map, normalisation: request.normalisation)
        let clusters = try ClusterReport.make(map: volume, options: request.clusterOptions, library: library)
        let drawn = min(clusters.clusters.count, figureClusters)
        let total = 2 + ReportSurfaceViews.views.count + drawn * ReportPeakSlices.planes.count
        var done = 1
        progress(done, total)
        func step() { done += 1; progress(done, total) }
        // Every view and slice draws this map with the same settings: read once, thresholded once.
        maps.add(volume, file: request.file, map: request.map)
        // The glass brain needs no GL and no other picture: it is drawn on the second core while
        // this thread draws the cortex views and the slices (it was a third of a report's CPU).
        let glassWork = BackgroundWork { () throws -> ReportFigure in
            let text = try TextRenderer()
            let glass = try GlassBrain.figure(request, library: library, volume: volume, scale: glassScale, colorBar: false, text: text)
            let pictures = try glass.pngAndSVG(text: text, compression: pictureCompression)
            var figure = ReportFigure(caption: "Glass brain: the clusters' maximum-intensity projections, numbered as in the table",
                                      png: pictures.png, width: glass.width, height: glass.height, name: "glass-brain")
            figure.vectorSVG = pictures.svg
            return figure
        }
        let views = try ReportSurfaceViews.draw(request, library: library, maps: maps, step: step)
        let slicer = Slicer(library: library, maps: maps)
        let slices = try clusters.clusters.prefix(drawn).map {
            try ReportPeakSlices.draw(request, cluster: $0.id, peak: $0.peak.mni, slicer: slicer, step: step)
        }
        let figure = try glassWork.value()
        step()
        return MapReport(request: request, file: url.lastPathComponent, statistic: volume.display.statistic,
                         clusters: clusters, views: views, peakSlices: slices, glass: figure)
    }

    /// Writes `page()` to `out` atomically.
    public func write(to out: String) throws {
        try AtomicFile.writeRaw(Data(page().utf8), to: URL(fileURLWithPath: out))
    }
}
