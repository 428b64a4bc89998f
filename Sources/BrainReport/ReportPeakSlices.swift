import BrainAtlas
import BrainMaps
import BrainSlice

/// The three slices through a cluster's peak (axial, coronal, sagittal), the map over the template with the
/// atlas outlines and a crosshair on the peak.
enum ReportPeakSlices {
    static let planes = ["axial", "coronal", "sagittal"]

    static func draw(_ request: MapReportRequest, cluster: Int, peak: [Double], slicer: Slicer, step: () -> Void) throws -> [ReportFigure] {
        try planes.map { plane in
            var fields = request.overlayFields
            fields.merge(["plane": plane, "at": peak.map(ClusterReport.number).joined(separator: ","), "scale": "2"]) { $1 }
            // The page's one colour bar (`ReportColorBar`) serves every slice.
            let result = try slicer.render(try SliceRequest(fields), colorBar: false)
            step()
            return ReportFigure(caption: "\(plane.capitalized) at \(ClusterReport.point(peak))", png: result.png(),
                                width: result.image.width, height: result.image.height, name: "cluster-\(cluster)-\(plane)")
        }
    }
}
