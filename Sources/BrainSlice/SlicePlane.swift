/// One of the three orthogonal slice planes, named as anatomists do.
public enum SlicePlane: String, Sendable, CaseIterable, Codable {
    case axial, coronal, sagittal

    /// The BV voxel axis the plane is perpendicular to: sagittal = z (R→L), axial = y (S→I),
    /// coronal = x (A→P). `--index` counts along this axis.
    public var axis: Int {
        switch self {
        case .sagittal: 2
        case .axial: 1
        case .coronal: 0
        }
    }

    /// The RAS axis (0 = x right, 1 = y anterior, 2 = z superior) the plane's mm coordinate is on.
    public var rasAxis: Int {
        switch self {
        case .sagittal: 0
        case .coronal: 1
        case .axial: 2
        }
    }

    /// Where `--index` starts and ends along `axis`, in anatomical words (BV voxel axes run
    /// superior → inferior, anterior → posterior and right → left).
    public var indexEnds: (first: String, last: String) {
        switch self {
        case .axial: ("superior", "inferior")
        case .coronal: ("anterior", "posterior")
        case .sagittal: ("right", "left")
        }
    }

    /// Parses `axial`, `coronal`, `sagittal` (any case; also `ax`, `cor`, `sag`).
    public init?(userText: String) {
        switch userText.lowercased() {
        case "axial", "ax", "transverse", "transversal": self = .axial
        case "coronal", "cor": self = .coronal
        case "sagittal", "sag": self = .sagittal
        default: return nil
        }
    }
}
