/// The side of the brain a region lies on; `none` for midline structures and whole-brain meshes.
public enum Hemisphere: String, Codable, Sendable, CaseIterable, Hashable {
    case left, right, none

    /// The other side (`none` stays `none`).
    public var opposite: Hemisphere {
        switch self {
        case .left: return .right
        case .right: return .left
        case .none: return .none
        }
    }

    /// Reads `left`, `right`, `lh`, `rh`, `l`, `r`, `none` in any case; nil otherwise.
    public init?(userText: String) {
        switch userText.lowercased() {
        case "left", "lh", "l": self = .left
        case "right", "rh", "r": self = .right
        case "none", "midline", "both": self = .none
        default: return nil
        }
    }
}
