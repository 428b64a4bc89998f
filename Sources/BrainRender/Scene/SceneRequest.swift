import BrainAtlas

/// What to draw: the validated options of `render`/`pick` and of the server's scene query,
/// hashable so a server can key its scene cache on it. Front ends fill `Fields` with the plain
/// values they read and get either a request or a `FieldError` naming the field; every limit
/// is checked here, once.
public struct SceneRequest: Sendable, Hashable {
    public enum HemisphereChoice: String, Sendable, Hashable, CaseIterable {
        case left, right, both
    }

    public enum Surface: String, Sendable, Hashable, CaseIterable {
        case pial, inflated
    }

    /// The values as a person gave them (names in any case, `lh`/`rh` for sides); nil = default.
    public struct Fields: Sendable {
        public var atlas: String?
        public var view: String?
        public var hemi: String?
        public var surface: String?
        public var width: Int?
        public var height: Int?
        public var highlight: String?
        public var dimOthers = false
        public var shading: String?
        /// `on` / `off`: anti-aliasing of lit PNGs (`Supersampling`).
        public var aa: String?
        public var background: String?
        public var azimuth: Double?
        public var elevation: Double?
        public var head = false
        public var subcortical = false
        public var mesh: String?
        public var poi: String?
        /// Dark lines on every region border (`BorderLines`).
        public var outline = false
        /// The orientation letters in a corner (`OrientationCue`).
        public var orientation = false
        /// Names of the visible regions at points inside them (`RegionLabels`).
        public var labels = false
        /// A colour legend of the visible regions (`Legend`).
        public var legend = false
        /// `on` / `off`: curvature shading of lit renders (default: on for inflated, off for pial).
        public var curvature: String?

        public init() {}
    }

    public var atlas = "gyri"
    public var view: ViewName = .lateral
    /// Either set: a free camera angle instead of `view`.
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
    /// Colour-pass decorations, off by default so plain and flat renders stay exact region colours.
    public var outline = false
    public var orientation = false
    public var labels = false
    public var legend = false
    /// Curvature shading of the cortex in lit renders (`CurvatureShading`); nil: the surface's
    /// default (`showsCurvature`).
    public var curvature: Bool?

    /// The defaults (`render`'s): gyri, lateral, 1024×768, pial, lit, white background.
    public init() {}

    /// Reads and checks every field; the first bad one is the error.
    public init(_ fields: Fields) throws(FieldError) {
        if let atlas = fields.atlas { self.atlas = atlas.lowercased() }
        if let text = fields.view { view = try Self.choice("view", text, ViewName.init(userText:), ViewName.allCases) }
        if let text = fields.hemi {
            hemisphere = try Self.choice("hemi", text, HemisphereChoice.init(userText:), HemisphereChoice.allCases)
        }
        if let text = fields.surface { surface = try Self.choice("surface", text, Surface.init(userText:), Surface.allCases) }
        if let text = fields.shading { shading = try Self.choice("shading", text, Shading.init(userText:), Shading.allCases) }
        if let text = fields.aa { antialias = try Supersampling.factor(option: text) }
        if let text = fields.background { background = try Background.parse(text) }
        if let text = fields.curvature { curvature = try Self.onOff("curvature", text) }
        // The rest are taken as given; `validate` checks them together.
        (width, height) = (fields.width ?? width, fields.height ?? height)
        (highlight, dimOthers) = (fields.highlight, fields.dimOthers)
        (azimuth, elevation) = (fields.azimuth, fields.elevation)
        (head, subcortical, meshFile, poiFile) = (fields.head, fields.subcortical, fields.mesh, fields.poi)
        (outline, orientation) = (fields.outline, fields.orientation)
        (labels, legend) = (fields.labels, fields.legend)
        try validate()
    }

    /// Largest |azimuth| and |elevation| in degrees (a full turn; straight above or below).
    public static let azimuthLimit = 360.0
    public static let elevationLimit = 90.0

    /// Checks every limit and combination that needs no data.
    public func validate() throws(FieldError) {
        if !(1...RequestLimits.maximumImageSide).contains(width) || !(1...RequestLimits.maximumImageSide).contains(height) {
            throw Self.sizeError("\(width)x\(height)")
        }
        for (field, value, limit) in [("azimuth", azimuth, Self.azimuthLimit), ("elevation", elevation, Self.elevationLimit)] {
            if let value, !(value.isFinite && abs(value) <= limit) {
                throw FieldError(field, value: "\(value)", "is not a finite angle within ±\(Int(limit))°")
            }
        }
        if let highlight { try RequestLimits.checkText(highlight, field: "highlight") }
        if dimOthers && highlight == nil {
            throw FieldError("dimOthers", "needs {highlight} REGION (it tints the regions other than the highlighted one)")
        }
        if curvature == true, let meshFile {
            throw FieldError("curvature", value: "on", "cannot be used with {mesh} \(meshFile): only the bundled cortex meshes carry curvature")
        }
        if let poiFile, meshFile == nil {
            throw FieldError("poi", value: poiFile, "needs {mesh} (the bundled atlases bring their own POIs)")
        }
        // Named by the fix (`poi`): the slice command already spells a `labels` field its own way.
        if (labels || legend) && meshFile != nil && poiFile == nil {
            throw FieldError("poi", "must come with {mesh} for labels or a legend: a mesh without a POI has no region names")
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
              (1...RequestLimits.maximumImageSide).contains(w), (1...RequestLimits.maximumImageSide).contains(h) else {
            throw sizeError(text)
        }
        return (w, h)
    }

    /// One of an enumeration's spellings, or an error listing them.
    static func choice<T: RawRepresentable>(_ field: String, _ text: String, _ parse: (String) -> T?,
                                            _ all: [T]) throws(FieldError) -> T where T.RawValue == String {
        guard let value = parse(text) else {
            throw FieldError(field, value: text, "is not one of \(all.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// `on` or `off` (any case; `true`/`false` as the server's switches take them) as a Bool.
    static func onOff(_ field: String, _ text: String) throws(FieldError) -> Bool {
        switch text.lowercased() {
        case "on", "true": return true
        case "off", "false": return false
        default: throw FieldError(field, value: text, "is not on or off")
        }
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
