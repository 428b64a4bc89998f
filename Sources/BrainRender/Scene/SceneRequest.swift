import BrainAtlas
import BrainMaps

/// What to draw: the validated options of `render`/`pick` and of the server's scene query,
/// hashable so a server can key its scene cache on it. Every field is declared once, in
/// `SceneRequest.fields`; front ends hand over the texts they read and get either a request or a
/// `FieldError` naming the field. Only this module can change a request after it was checked.
public struct SceneRequest: Sendable, Hashable, OverlayRequesting {
    public enum HemisphereChoice: String, Sendable, Hashable, CaseIterable {
        case left, right, both
    }

    /// The cortex surface drawn (`MeshID` names its mesh on each side).
    public typealias Surface = CortexSurface

    public internal(set) var atlas = AtlasLibrary.defaultAtlas
    public internal(set) var view: ViewName = .lateral
    /// Either set: a free camera angle instead of `view`.
    public internal(set) var azimuth: Double?
    public internal(set) var elevation: Double?
    /// nil: the view's default (left for lateral/medial, both otherwise).
    public internal(set) var hemisphere: HemisphereChoice?
    public internal(set) var surface: Surface = .pial
    public internal(set) var width = 1024
    public internal(set) var height = 768
    public internal(set) var highlight: String?
    public internal(set) var dimOthers = false
    public internal(set) var shading: Shading = .lit
    /// Samples per pixel side of lit PNG renders (`Supersampling`; 1 = off).
    public internal(set) var antialias = Supersampling.defaultFactor
    public internal(set) var background: Background = .color(RGB(255, 255, 255))
    public internal(set) var head = false
    public internal(set) var subcortical = false
    /// The slicing mode: the head cut open with orthogonal MRI planes (`ScenePlanes`); nil: off.
    public internal(set) var planes: ScenePlanes?
    /// A user's BrainVoyager SRF instead of the bundled meshes, with an optional POI.
    public internal(set) var meshFile: String?
    public internal(set) var poiFile: String?
    /// Colour-pass decorations, off by default so plain and flat renders stay exact region colours.
    public internal(set) var outline = false
    public internal(set) var orientation = false
    public internal(set) var labels = false
    public internal(set) var legend = false
    /// True when `legend` was asked for but left out because the image is too small for it.
    public internal(set) var legendLeftOut = false
    /// Curvature shading of the cortex in lit renders (`CurvatureShading`); nil: the surface's
    /// default (`showsCurvature`).
    public internal(set) var curvature: Bool?
    /// Ambient occlusion in lit renders of meshes that carry it (`AmbientOcclusion`).
    public internal(set) var ambientOcclusion = true
    /// The resolution the PNG states (pHYs), for print and page layout; nil: none stated.
    public internal(set) var dpi: Int?
    /// A statistical map coloured onto the cortex (`--overlay`; `OverlayColouring`).
    public var overlay = OverlayOptions()
    /// `--atlas none`: the cortex unlabelled (grey, curvature shading), for maps alone.
    public static let noAtlas = "none"
    /// Which built palette colours the regions (the colour-blind one: `cvd`).
    public internal(set) var palette: ColourPalette = .default

    /// The defaults (`render`'s): gyri, lateral, 1024×768, pial, lit, white background.
    public init() {}

    /// Reads and checks the given texts (by field key, as `fields` reads them); the first bad one is the error.
    public init(_ given: [String: String]) throws(FieldError) {
        try Self.fields.read(given, into: &self)
        try validate()
        if legend && min(width, height) < Self.minimumLegendSide {
            legend = false
            legendLeftOut = true
        }
    }

    /// Below this shorter side a legend, even at its smallest text, would cover most of the brain,
    /// so it is left out (with `notes` saying so).
    public static let minimumLegendSide = 480

    /// What the request left out of what was asked, for front ends to tell the user (stderr).
    public var notes: [String] {
        legendLeftOut ? ["legend left out: the image's shorter side is \(min(width, height)) px, "
                         + "below the \(Self.minimumLegendSide) px a legend needs beside the brain"] : []
    }

    /// Largest |azimuth| and |elevation| in degrees (a full turn; straight above or below).
    public static let azimuthLimit = 360.0
    public static let elevationLimit = 90.0

    /// Checks every limit and combination that needs no data.
    func validate() throws(FieldError) {
        if !RequestLimits.isImageSide(width) || !RequestLimits.isImageSide(height) {
            throw Self.sizeError("\(width)x\(height)")
        }
        if dimOthers && highlight == nil {
            throw FieldError("dimOthers", "needs {highlight} REGION (it tints the regions other than the highlighted one)")
        }
        if curvature == true, let meshFile {
            throw FieldError("curvature", value: "on", "cannot be used with {mesh} \(meshFile): only the bundled cortex meshes carry curvature")
        }
        if let poiFile, meshFile == nil {
            throw FieldError("poi", value: poiFile, "needs {mesh} (the bundled atlases bring their own POIs)")
        }
        // Named by the fix (`poi`): `labels` is what the user asked for, `poi` what is missing.
        if (labels || legend) && meshFile != nil && poiFile == nil {
            throw FieldError("poi", "must come with {mesh} for labels or a legend: a mesh without a POI has no region names")
        }
        try overlay.validate()
        if overlay.isRequested, shading == .flat {
            throw FieldError("shading", value: "flat", "keeps exact region colours, so it cannot show {overlay}; use lit")
        }
        if overlay.isRequested, legend {
            throw FieldError("legend", "lists region colours, and under {overlay} regions are grey; name them with {labels} or draw their borders with {outline}")
        }
        if atlas == Self.noAtlas {
            let needing = [(highlight != nil, "highlight"), (labels, "labels"), (legend, "legend")].filter(\.0).map(\.1)
            if let first = needing.first { throw FieldError(first, "needs an atlas, but {atlas} is 'none'") }
        }
        if planes != nil, let meshFile {
            throw FieldError("planes", "cannot be used with {mesh} \(meshFile): the planes cut the bundled template")
        }
        _ = try resolvedHemisphere()
    }

    /// The `size` field's error for `text` as given.
    static func sizeError(_ text: String, limit: Int = RequestLimits.maximumImageSide) -> FieldError {
        FieldError("size", value: text, "must be W×H with 1…\(limit) pixels per side")
    }

    /// `WxH` (or `W×H`) as typed for the `size` field.
    public static func size(parsing text: String) throws(FieldError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "×", omittingEmptySubsequences: false) }
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              RequestLimits.isImageSide(w), RequestLimits.isImageSide(h) else {
            throw sizeError(text)
        }
        return (w, h)
    }

    /// Whether the cortex is curvature-shaded: as asked, else on for inflated surfaces (where
    /// shading is the only cue to the folding) and off for pial ones (whose shape shows it).
    public var showsCurvature: Bool { curvature ?? (surface == .inflated) }

    /// Whether a free angle replaces the named view.
    public var usesAngles: Bool { azimuth != nil || elevation != nil }

    /// The hemisphere(s) shown, after the view's default; both is an error for lateral/medial.
    public func resolvedHemisphere() throws(FieldError) -> HemisphereChoice {
        if usesAngles { return hemisphere ?? .both }
        if view.needsSingleHemisphere {
            if hemisphere == .both {
                throw FieldError("hemi", value: "both",
                                 "cannot be used with {view} \(view.rawValue), which shows one hemisphere; use left or right")
            }
            return hemisphere ?? .left
        }
        return hemisphere ?? .both
    }

    /// The camera direction for this request.
    public func direction() throws(FieldError) -> ViewDirection {
        if usesAngles { return .angles(azimuth: azimuth ?? 0, elevation: elevation ?? 0) }
        return .named(view, hemisphereIsLeft: try resolvedHemisphere() != .right)
    }

    /// The view's name in JSON: the named view, or "azimuth A elevation E".
    public var viewLabel: String {
        usesAngles ? "azimuth \(azimuth ?? 0) elevation \(elevation ?? 0)" : view.rawValue
    }
}

extension Background: Hashable {
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .transparent: hasher.combine(-1)
        case .color(let c): hasher.combine(c)
        }
    }
}
