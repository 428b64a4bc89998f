import BrainAtlas
import BrainMaps
import BrainRender

/// What `report` is asked: the map, the cluster threshold and sides, the smallest cluster and the surface drawn.
public struct MapReportRequest: Sendable {
    /// The VMP or NIfTI file.
    public var file: String
    /// 1-based number or name of the map (NIfTI: volume); nil = the first.
    public var map: String?
    public var threshold: Float
    public var twoSided: Bool
    /// Clusters smaller than this (mm³) are left out of the table and of the pictures.
    public var minSizeMm3: Double
    /// The cortex surface of the four views.
    public var surface: CortexSurface
    /// SMP maps: the bundled cortex mesh of their vertices (`pial-left`, …).
    public var mesh: String?
    /// The GL backend the views are drawn with (nil: the default, `GLBackend.chosen`).
    public var glBackend: GLBackend? = nil
    /// How `threshold` was found ("given", or a p/q rule), stated on the page and in the table.
    public var thresholdMethod = "given"
    /// `--atlases`: the atlases described, in the order the peak's label tries them.
    public var atlases: [String]?
    /// A native VMP's VMR and TRF files.
    public var normalisation: MapNormalisation?
    /// The cluster-level correction `minSizeMm3` includes, stated on the page and in the table (nil: none).
    public var clusterCorrection: ClusterCorrection?

    public init(file: String, map: String? = nil, threshold: Float, twoSided: Bool = false, minSizeMm3: Double = 0,
                surface: CortexSurface = .inflated, mesh: String? = nil, normalisation: MapNormalisation? = nil) {
        self.normalisation = normalisation
        self.file = file
        self.map = map
        self.threshold = threshold
        self.twoSided = twoSided
        self.minSizeMm3 = minSizeMm3
        self.surface = surface
        self.mesh = mesh
    }

    /// Whether the map is an SMP (values on a mesh's vertices) rather than a volume.
    public var isSurfaceMap: Bool { MapFileKind.isSurfaceMap(file) }

    /// The cluster options the table is made with (26 neighbours, as the overlays' `clusterMin` counts them).
    public var clusterOptions: ClusterOptions {
        var options = ClusterOptions(threshold: threshold, twoSided: twoSided, minSizeMm3: minSizeMm3, connectivity: .corners)
        options.thresholdMethod = thresholdMethod
        options.atlases = atlases
        options.clusterCorrection = clusterCorrection
        return options
    }

    /// The overlay fields of the scene and slice requests, so every picture shows exactly the voxels the table counts:
    /// the same threshold, sides and smallest cluster (volume maps: surface overlays have no cluster removal).
    var overlayFields: [String: String] {
        // Exact (shortest round-trip) spellings: the table's two-decimal rounding would turn 0.001 into 0.
        var fields = ["overlay": file, "threshold": "\(threshold)", "twoSided": twoSided ? "true" : "false"]
        if !isSurfaceMap { fields["clusterMin"] = "\(minSizeMm3)" }
        if let map { fields["map"] = map }
        return fields
    }
}
