import BrainAtlas

extension MapClusterRequest {
    /// The map options `clusters`, `report` and `glass` share: one entry per option, so the CLI's
    /// option, its help, its default and its error wording (and a query key's) come from here.
    public static let fields = RequestFieldTable<MapClusterRequest>(shared)

    /// `clusters`: the shared options plus the table's coordinates and the neighbourhood.
    public static let listingFields = RequestFieldTable<MapClusterRequest>(shared + [
        RequestField("space", form: .value("mni|tal"),
                     help: "Coordinates of peaks and centres: mni or tal (Talairach, Lancaster's MNI → Talairach).",
                     default: { $0.space.rawValue }) { request, text throws(FieldError) in
            guard let space = CoordinateSpace(spelling: text), space != .voxel else {
                throw FieldError("space", value: text, "is not mni or tal (clusters are listed in millimetres)")
            }
            request.space = space
        },
        RequestField("connectivity", form: .value("6|18|26"),
                     help: "Neighbours: 6 (faces), 18 (edges) or 26 (corners; the default for volumes); surface maps: the mesh's edges.",
                     default: { $0.connectivity.map { String($0.rawValue) } }) { request, text throws(FieldError) in
            guard let n = Int(text.trimmingCharacters(in: .whitespaces)), let neighbours = Connectivity(rawValue: n) else {
                throw FieldError("connectivity", value: text, "is not 6, 18 or 26")
            }
            request.connectivity = neighbours
        },
    ])

    /// Numbers whose allowed values are a rule of their own (`validate`), not a range: any finite value reads.
    private static let anyFinite = -1e30...1e30

    private static let shared: [RequestField<MapClusterRequest>] = [
        .name("map", valueName: "N|name", help: "Map number (1-based) or name; for 4-D NIfTI, the volume (default 1).", \.map),
        .number("threshold", valueName: "T", in: anyFinite,
                help: "Cluster voxels have value ≥ T (and ≤ −T with two-sided); or give p or q.", \.threshold),
        .number("p", valueName: "p", in: anyFinite,
                help: "Threshold at this p-value per voxel through the map's statistic and degrees of freedom (per tail when two-sided: p/2 each).",
                \.p),
        .flag("bonferroni", help: "With p: Bonferroni-correct it over the map's in-mask (non-zero) voxels.", \.bonferroni),
        .number("q", valueName: "q", in: anyFinite,
                help: "Threshold at this false discovery rate (Benjamini–Hochberg over the in-mask voxels; a VMP's own FDR table where it holds this q).",
                \.q),
        .numbers("df", valueName: "N[,DF2]", count: 1...2, in: anyFinite,
                 help: "Degrees of freedom when the file stores none (F maps: DF1,DF2).", \.df),
        .flag("twoSided", help: "Also clusters of values ≤ −threshold.", \.twoSided),
        .number("minSize", valueName: "mm3", in: 0...1e9, help: "Drop clusters smaller than this (mm² for surface maps).", \.minSize),
        RequestField("atlases", form: .value("a,b,c"), kind: .name,
                     help: "Atlases to describe clusters with, comma-separated; the peak's label is the first of them that contains it (default: all atlases; label from subcortical, gyri, tissue).") {
            request, text throws(FieldError) in
            try RequestLimits.checkText(text, field: "atlases")
            request.atlases = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        },
        .number("clusterAlpha", valueName: "alpha", in: anyFinite,
                help: "Cluster-level correction: keep only clusters large enough to be significant at this alpha, the size found by a Monte Carlo of smoothed Gaussian noise in the map's mask (as AFNI's 3dClustSim).",
                \.clusterAlpha),
        .numbers("fwhm", valueName: "F|FX,FY,FZ", count: 1...3, in: anyFinite,
                 help: "With cluster-alpha: the noise's smoothness in mm (F, or FX,FY,FZ along the map's axes); default: estimated from the map.",
                 \.fwhm),
        .integer("clusterIterations", in: ClusterCorrectionRequest.iterationRange,
                 help: "With cluster-alpha: simulated noise fields.", \.clusterIterations),
        .integer("clusterSeed", in: 0...Int.max,
                 help: "With cluster-alpha: seed of the simulated noise (the same seed gives the same size).", \.clusterSeed),
        .path("vmr", valueName: "file.vmr", help: "A native or AC-PC VMP: the VMR its maps lie on (any grid: 256³, 512³, anisotropic).", \.vmr),
        .path("tal", valueName: "file.tal",
              help: "An AC-PC VMP (or one the --trf chain takes to AC-PC): the subject's Talairach landmarks, warping it into Talairach space.",
              \.tal),
    ]
}
