import BrainAtlas
import BrainFormats
import BrainMaps
@testable import BrainReport
import BrainSlice
import Foundation
import Testing

/// `report` reads its map once for the table and shares it with every view and slice: the page is byte for byte
/// the one whose pictures each read the map themselves, as `render --overlay` and `slice --overlay` do.
@Suite struct ReportMapReadingTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func sharedMapGivesTheSamePageAsAReadPerPicture() throws {
        let library = try AtlasLibrary(root: Self.repository.appendingPathComponent("AtlasData"))
        // Four blobs (Tests/Fixtures/maps/SOURCES.md); at 2, both signs, from 4000 mm³: three clusters, the
        // 3 321 mm³ one removed from the pictures.
        let file = Self.repository.appendingPathComponent("Tests/Fixtures/maps/viewer_blobs_mni_3mm.nii.gz").path
        let request = MapReportRequest(file: file, threshold: 2, twoSided: true, minSizeMm3: 4000)
        let maps = MapOverlayStore()
        var steps = 0
        let shared = try MapReport.make(request, library: library, maps: maps) { _, _ in steps += 1 }
        #expect(shared.clusters.clusters.count == 3 && shared.peakSlices.count == 3)
        #expect(steps == 1 + 4 + 9 + 1)
        #expect(maps.fileReads == 0, "the pictures read the map again")

        let views = try ReportSurfaceViews.draw(request, library: library, step: {})
        // The four views, then the one colour bar every picture shares, as tall as a view and narrow.
        let bar = try #require(views.last)
        #expect(views.count == 5 && bar.caption == "Colour scale of every picture on this page")
        #expect(bar.height == ReportSurfaceViews.height && bar.width < ReportSurfaceViews.width / 2)
        let slices = try shared.clusters.clusters.map {
            try ReportPeakSlices.draw(request, cluster: $0.id, peak: $0.peak.mni, slicer: Slicer(library: library), step: {})
        }
        let separate = MapReport(request: request, file: shared.file, statistic: shared.statistic, clusters: shared.clusters,
                                 views: views, peakSlices: slices, glass: shared.glass)
        #expect(Data(shared.page().utf8) == Data(separate.page().utf8))
    }

    /// An SMP report reads its map once for the table and both views.
    @Test func surfaceMapIsReadOnceForTheTableAndTheViews() throws {
        let library = try AtlasLibrary(root: Self.repository.appendingPathComponent("AtlasData"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("report-smp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A Gaussian (height 6, σ 6 mm) around MNI (−40, −20, 50) on the bundled left pial mesh's vertices.
        let srf = try SRFFile.read(from: Self.repository.appendingPathComponent("AtlasData/meshes/lh.pial.srf"))
        let values = srf.rasPositions().map { p -> Float in let d = SIMD3<Double>(p) - SIMD3(-40, -20, 50); return Float(6 * exp(-(d * d).sum() / 72)) }
        let file = dir.appendingPathComponent("blob.smp")
        try SMPFile(vertexCount: Int32(values.count), srfFileName: "lh.pial.srf",
                    maps: [SMPMap(name: "blob", thresholdMin: 3, thresholdMax: 6, values: MapValues(values))]).encoded().write(to: file)
        let request = MapReportRequest(file: file.path, threshold: 3, mesh: "pial-left")
        let maps = MapOverlayStore()
        let shared = try SurfaceMapReport.make(request, library: library, maps: maps)
        #expect(maps.fileReads == 1 && shared.views.count == 3 && shared.clusters.clusters.count == 1)

        let mesh = try SurfaceMesh.open("pial-left", library: { library })
        let table = try SurfaceClusterReport.make(smp: file, map: nil, mesh: mesh, options: request.clusterOptions, library: { library })
        let inflated = try #require(library.catalog.mesh(.cortex(.inflated, .left)))
        let views = try ReportSurfaceViews.draw(request, library: library, meshFile: try library.url(inflated.file).path, only: .left, step: {})
        let separate = SurfaceMapReport(request: request, file: shared.file, clusters: table, views: views)
        #expect(Data(shared.page().utf8) == Data(separate.page().utf8))
    }
}
