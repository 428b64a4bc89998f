import BrainAtlas
import BrainMaps
import BrainRender
import BrainReport
import Foundation

extension MapClusterOptions {
    /// What `report` and `glass` draw: the map with its threshold resolved (given, or from --p/--q
    /// through the map's statistic) and how it was found, sides, smallest cluster and atlases.
    func reportRequest(surface: CortexSurface = .inflated, mesh: String? = nil) throws -> MapReportRequest {
        let normalisation = try normalisation()
        var threshold = self.threshold ?? 0
        var method = "given"
        if self.threshold == nil || p != nil || q != nil {
            guard !MapFileKind.isSurfaceMap(file) else { throw MapsError("--p, --q: SMP maps take a --threshold value") }
            let resolved = try thresholdRequest().resolve(for: MapVolume.load(URL(fileURLWithPath: file), map: map,
                                                                             normalisation: normalisation))
            (threshold, method) = (resolved.value, resolved.method)
        }
        var request = MapReportRequest(file: file, map: map, threshold: threshold, twoSided: twoSided, minSizeMm3: minSize,
                                       surface: surface, mesh: mesh, normalisation: normalisation)
        request.thresholdMethod = method
        request.atlases = atlasList
        return request
    }
}
