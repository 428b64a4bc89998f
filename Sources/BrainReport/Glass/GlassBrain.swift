import BrainAtlas
import BrainImage
import BrainMaps
import Foundation

/// The glass brain of a map (`braintutor glass`, and the report's overview): its clusters as the
/// cluster table finds them (same threshold, sides, smallest size and numbering), projected onto
/// the three planes over the bundled brain's outline, in the map's colours.
public enum GlassBrain {
    /// The figure of `request`'s map; `volume` when it is already read.
    public static func figure(_ request: MapReportRequest, library: AtlasLibrary, volume given: MapVolume? = nil,
                              scale: Int = 3, colorBar: Bool = true, text: TextRenderer) throws -> GlassBrainFigure {
        guard !request.isSurfaceMap else { throw MapsError("glass: \(request.file) is a surface map (SMP); the glass brain projects volume maps") }
        try request.clusterOptions.validate()
        let volume = try given ?? MapVolume.load(URL(fileURLWithPath: request.file), map: request.map,
                                                 normalisation: request.normalisation)
        let clusters = try ClusterFinder.clusters(in: volume, options: request.clusterOptions)
        let overlay = try MapOverlay(volume: volume, options: try OverlayOptions.read(request.overlayFields))
        return GlassBrainFigure(projection: GlassProjection(map: volume, clusters: clusters), outline: try GlassOutline(library: library),
                                overlay: overlay, scale: scale, colorBar: colorBar, text: text)
    }
}
