import BrainAtlas
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
        #expect(steps == 1 + 4 + 9)
        #expect(maps.fileReads == 0, "the pictures read the map again")

        let views = try ReportSurfaceViews.draw(request, library: library, step: {})
        let slices = try shared.clusters.clusters.map {
            try ReportPeakSlices.draw(request, peak: $0.peak.mni, slicer: Slicer(library: library), step: {})
        }
        let separate = MapReport(request: request, file: shared.file, statistic: shared.statistic, clusters: shared.clusters,
                                 views: views, peakSlices: slices)
        #expect(Data(shared.page().utf8) == Data(separate.page().utf8))
    }
}
