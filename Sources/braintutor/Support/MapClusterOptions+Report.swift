import BrainAtlas
import BrainMaps
import BrainRender
import BrainReport
import Foundation

extension MapClusterOptions {
    /// What `report` and `glass` draw: the map with its threshold resolved (given, or from --p/--q
    /// through the map's statistic, raised to the cluster-level correction's smallest size when asked) and how it was found, sides, smallest cluster and atlases.
    func reportRequest(command: String, surface: CortexSurface = .inflated, mesh: String? = nil) throws -> MapReportRequest {
        let (file, asked) = try read(command: command)
        let normalisation = try normalisation(asked)
        var threshold = Float(asked.threshold ?? 0)
        var method = "given"
        var correction: ClusterCorrection?
        // Surface maps take a value threshold only; this refuses p, q and the correction for them.
        if MapFileKind.isSurfaceMap(file) { _ = try asked.surfaceOptions() }
        if asked.needsVolume {
            let volume = try MapVolume.load(URL(fileURLWithPath: file), map: asked.map, normalisation: normalisation)
            let options = try asked.options(for: volume) { done, total in Progress.report("noise fields", done, total) }
            (threshold, method, correction) = (options.threshold, options.thresholdMethod, options.clusterCorrection)
        }
        var request = MapReportRequest(file: file, map: asked.map, threshold: threshold, twoSided: asked.twoSided,
                                       minSizeMm3: max(asked.minSize, correction?.minMm3 ?? 0),
                                       surface: surface, mesh: mesh, normalisation: normalisation)
        request.clusterCorrection = correction
        request.thresholdMethod = method
        request.atlases = asked.atlases
        return request
    }
}
