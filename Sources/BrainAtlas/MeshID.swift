/// A cortex surface the catalog carries per hemisphere.
public enum CortexSurface: String, Sendable, Hashable, CaseIterable {
    case pial, inflated
}

/// Which catalog mesh: a cortex surface on one side, the head or the subcortical structures. Its
/// one spelling, `name` (`pial-left`, `inflated-right`, `head`, `subcortical`), is the catalog's
/// mesh name, the server's `/api/mesh/{name}` and a scene layer's name; code compares the type.
public enum MeshID: Sendable, Hashable, CustomStringConvertible {
    case cortex(CortexSurface, Hemisphere)
    case head
    case subcortical

    /// Every cortex mesh: each surface on each side.
    public static let cortexMeshes: [MeshID] = CortexSurface.allCases.flatMap { surface in
        [Hemisphere.left, .right].map { MeshID.cortex(surface, $0) }
    }

    /// Reads the spelling `name` gives; nil for anything else.
    public init?(name: String) {
        switch name {
        case "head": self = .head
        case "subcortical": self = .subcortical
        default:
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let surface = CortexSurface(rawValue: String(parts[0])),
                  let side = Hemisphere(rawValue: String(parts[1])), side != .none else { return nil }
            self = .cortex(surface, side)
        }
    }

    public var name: String {
        switch self {
        case .cortex(let surface, let side): "\(surface.rawValue)-\(side.rawValue)"
        case .head: "head"
        case .subcortical: "subcortical"
        }
    }

    public var description: String { name }

    /// `cortex`, `head` or `subcortical`: the kind without the surface and side.
    public var kind: String {
        switch self {
        case .cortex: "cortex"
        case .head: "head"
        case .subcortical: "subcortical"
        }
    }

    /// The side the mesh belongs to (`none` for head and subcortical).
    public var hemisphere: Hemisphere {
        if case .cortex(_, let side) = self { return side }
        return .none
    }
}
