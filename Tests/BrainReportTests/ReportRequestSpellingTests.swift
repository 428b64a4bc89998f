import BrainMaps
@testable import BrainReport
import Testing

/// What `report` hands the scene and slice tables is the request's exact values, and an SMP is an SMP
/// compressed or not.
@Suite struct ReportRequestSpellingTests {
    /// The table's two-decimal rounding once turned a threshold of 0.001 into 0, which every picture refused.
    @Test func smallThresholdsAndSizesReachThePicturesUnrounded() {
        let request = MapReportRequest(file: "map.nii.gz", threshold: 0.001, twoSided: true, minSizeMm3: 0.004)
        #expect(request.overlayFields["threshold"] == "0.001")
        #expect(request.overlayFields["clusterMin"] == "0.004")
        #expect(Float(request.overlayFields["threshold"]!) == request.threshold)
        #expect(MapReportRequest(file: "m.nii", threshold: 3.25).overlayFields["threshold"] == "3.25")
    }

    @Test func surfaceMapsAreKnownByTheirFormatNotTheirLastSuffix() {
        #expect(MapReportRequest(file: "t.smp.gz", threshold: 2).isSurfaceMap)
        #expect(MapReportRequest(file: "dir/T.SMP", threshold: 2).isSurfaceMap)
        #expect(!MapReportRequest(file: "t.nii.gz", threshold: 2).isSurfaceMap)
        #expect(!MapReportRequest(file: "smp.vmp", threshold: 2).isSurfaceMap)
        #expect(MapFileKind.isSurfaceMap("a/b.smp.GZ") && !MapFileKind.isSurfaceMap("b.smp.nii"))
    }
}
