import BrainAtlas
import BrainMaps

// The request's choices and the checks and derived values that need no data; its stored fields
// and their table are in SceneRequest+Fields.swift.
extension SceneRequest {
    public enum HemisphereChoice: String, Sendable, Hashable, CaseIterable {
        case left, right, both
    }

    /// The cortex surface drawn (`MeshID` names its mesh on each side).
    public typealias Surface = CortexSurface

    /// `--atlas none`: the cortex unlabelled (grey, curvature shading), for maps alone.
    public static let noAtlas = "none"

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

    /// Checks every limit and combination that needs no data; run once, as the request is made.
    func validate() throws(FieldError) {
        // `size` on the command line, `w`/`h` in a query: one field, so both front ends word it alike.
        for side in [width, height] {
            try RequestLimits.checkImageSide(side, field: "size", given: "\(width)x\(height)")
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
            let needing = [(highlight != nil, "highlight"), (labels, "labels"), (legend, "legend"), (planes != nil, "planes")]
                .filter(\.0).map(\.1)
            if let first = needing.first { throw FieldError(first, "needs an atlas, but {atlas} is 'none'") }
        }
        if planes != nil, let meshFile {
            throw FieldError("planes", "cannot be used with {mesh} \(meshFile): the planes cut the bundled template")
        }
        _ = try resolvedHemisphere()
    }

    /// `WxH` (or `W×H`) as typed for the `size` field; `validate` holds each side to the image limit.
    public static func size(parsing text: String) throws(FieldError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "×", omittingEmptySubsequences: false) }
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw FieldError("size", value: text, "must be W×H with 1…\(RequestLimits.maximumImageSide) pixels per side")
        }
        return (w, h)
    }

    /// Whether the cortex is curvature-shaded: as asked, else on for inflated surfaces (where
    /// shading is the only cue to the folding) and off for pial ones (whose shape shows it).
    public var showsCurvature: Bool { curvature ?? (surface == .inflated) }

    /// The named view: as asked, else lateral.
    public var view: ViewName { chosenView ?? .lateral }

    /// Whether a free angle replaces the named view: one was given, or the slicing mode was asked
    /// for without a view (its planes face the viewer only from an oblique angle).
    public var usesAngles: Bool { azimuth != nil || elevation != nil || usesPlanesAngles }

    /// The slicing mode with neither a view nor an angle given: `ScenePlanes.viewAngles`.
    private var usesPlanesAngles: Bool { planes != nil && chosenView == nil && azimuth == nil && elevation == nil }

    /// The free angle's azimuth and elevation (an angle not given takes 0, or both take the
    /// slicing mode's default for the planes asked).
    private var angles: (azimuth: Double, elevation: Double) {
        if usesPlanesAngles, let planes { return planes.viewAngles }
        return (azimuth ?? 0, elevation ?? 0)
    }

    /// The hemisphere(s) shown, after the view's default; both is an error for lateral/medial.
    public func resolvedHemisphere() throws(FieldError) -> HemisphereChoice {
        if usesAngles { return hemisphere ?? .both }
        return try Self.hemisphere(hemisphere, view: view)
    }

    /// The hemisphere(s) the named `view` shows for `hemisphere` as asked (nil: the view's default).
    static func hemisphere(_ hemisphere: HemisphereChoice?, view: ViewName) throws(FieldError) -> HemisphereChoice {
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
        if usesAngles { return .angles(azimuth: angles.azimuth, elevation: angles.elevation) }
        return try Self.direction(view: view, hemisphere: hemisphere)
    }

    /// The camera direction of the named `view` for `hemisphere` as asked.
    static func direction(view: ViewName, hemisphere: HemisphereChoice?) throws(FieldError) -> ViewDirection {
        .named(view, hemisphereIsLeft: try Self.hemisphere(hemisphere, view: view) != .right)
    }

    /// The view's name in JSON: the named view, or "azimuth A elevation E".
    public var viewLabel: String {
        usesAngles ? "azimuth \(angles.azimuth) elevation \(angles.elevation)" : view.rawValue
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
