/// A BrainVoyager map type code (VMP `TypeOfMap`, SMP `Map type`) and the statistic it names.
public struct MapType: Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    /// Cross-correlation maps carry four extra lag fields in both VMP and SMP map headers.
    public var isCrossCorrelation: Bool { code == 3 }

    /// The statistic's short name (`t`, `F`, …) or `type N` for codes without one.
    public var name: String {
        switch code {
        case 1: "t"
        case 2: "r"
        case 3: "cross-correlation"
        case 4: "F"
        case 5: "z"
        case 11: "percent signal change"
        case 12: "ICA z"
        case 14: "chi-squared"
        case 15: "beta"
        case 16: "probability"
        case 21: "mean diffusivity"
        case 22: "fractional anisotropy"
        case 25: "polar angle"
        default: "type \(code)"
        }
    }

    public var description: String { name }
}
