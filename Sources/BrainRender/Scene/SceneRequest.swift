/// What to draw: the options of `render`/`pick` (and the server's query), hashable so a server
/// can key its scene cache on it.
public struct SceneRequest: Sendable, Hashable {
    public enum HemisphereChoice: String, Sendable, Hashable, CaseIterable {
        case left, right, both
    }

    public enum Surface: String, Sendable, Hashable, CaseIterable {
        case pial, inflated
    }

    public var atlas = "gyri"
    public var view: ViewName = .lateral
    /// Both set: a free camera angle instead of `view`.
    public var azimuth: Double?
    public var elevation: Double?
    /// nil: the view's default (left for lateral/medial, both otherwise).
    public var hemisphere: HemisphereChoice?
    public var surface: Surface = .pial
    public var width = 1024
    public var height = 768
    public var highlight: String?
    public var dimOthers = false
    public var shading: Shading = .lit
    /// Samples per pixel side of lit PNG renders (`Supersampling`; 1 = off).
    public var antialias = Supersampling.defaultFactor
    public var background: Background = .color(RGB(255, 255, 255))
    public var head = false
    public var subcortical = false
    /// A user's BrainVoyager SRF instead of the bundled meshes, with an optional POI.
    public var meshFile: String?
    public var poiFile: String?

    public init() {}

    /// Checks option combinations that need no data.
    public func validate() throws(RenderError) {
        if dimOthers && highlight == nil {
            throw .badOption(option: "--dim-others", value: "",
                             problem: "needs --highlight REGION (it tints the regions other than the highlighted one)")
        }
    }

    /// Whether a free angle replaces the named view.
    public var usesAngles: Bool { azimuth != nil || elevation != nil }

    /// The hemisphere(s) shown, after the view's default; both is an error for lateral/medial.
    public func resolvedHemisphere() throws(RenderError) -> HemisphereChoice {
        if usesAngles { return hemisphere ?? .both }
        if view.needsSingleHemisphere {
            if hemisphere == .both {
                throw .badOption(option: "--hemi", value: "both",
                                 problem: "cannot be used with --view \(view.rawValue), which shows one hemisphere; use --hemi left or --hemi right")
            }
            return hemisphere ?? .left
        }
        return hemisphere ?? .both
    }

    /// The camera direction for this request.
    public func direction() throws(RenderError) -> ViewDirection {
        if usesAngles { return .angles(azimuth: azimuth ?? 0, elevation: elevation ?? 0) }
        return .named(view, hemisphereIsLeft: try resolvedHemisphere() != .right)
    }

    /// The view's name in JSON: the named view, or "azimuth A elevation E".
    public var viewLabel: String {
        usesAngles ? "azimuth \(azimuth ?? 0) elevation \(elevation ?? 0)" : view.rawValue
    }
}

import BrainAtlas

extension Background: Hashable {
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .transparent: hasher.combine(-1)
        case .color(let c): hasher.combine(c)
        }
    }
}
