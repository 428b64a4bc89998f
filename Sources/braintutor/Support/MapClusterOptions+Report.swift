import BrainAtlas
import BrainMaps
import BrainRender
import BrainReport
import Foundation

extension MapClusterOptions {
    /// What `report` and `glass` draw: the map with its threshold resolved (given, or from --p/--q
    /// through the map's statistic, raised to the cluster-level correction's smallest size when asked) and how it was found, sides, smallest cluster and atlases.
    func reportRequest(surface: CortexSurface = .inflated, mesh: String? = nil) throws -> MapReportRequest {
        let normalisation = try normalisation()
        var threshold = self.threshold ?? 0
        var method = "given"
        var correction: ClusterCorrection?
        if self.threshold == nil || p != nil || q != nil || clusterAlpha != nil {
            guard !MapFileKind.isSurfaceMap(file) else { throw MapsError("--p, --q, --cluster-alpha: SMP maps take a --threshold value") }
            let volume = try MapVolume.load(URL(fileURLWithPath: file), map: map, normalisation: normalisation)
            let resolved = try thresholdRequest().resolve(for: volume)
            (threshold, method) = (resolved.value, resolved.method)
            correction = try clusterCorrection(for: volume, threshold: threshold, connectivity: .corners)
        }
        var request = MapReportRequest(file: file, map: map, threshold: threshold, twoSided: twoSided,
                                       minSizeMm3: max(minSize, correction?.minMm3 ?? 0),
                                       surface: surface, mesh: mesh, normalisation: normalisation)
        request.clusterCorrection = correction
        request.thresholdMethod = method
        request.atlases = atlasList
        return request
    }
}
