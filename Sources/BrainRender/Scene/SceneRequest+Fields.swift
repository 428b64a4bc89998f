import Foundation
import BrainAtlas
import BrainImage
import BrainMaps

/// What to draw: the validated options of `render`/`pick` and of the server's scene query,
/// hashable so a server can key its scene cache on it. Every field is declared once, in
/// `SceneRequest.fields`; front ends hand over the texts they read and get either a request or a
/// `FieldError` naming the field. A request exists only checked: its fields are set in this file
/// alone, by the table's readers, and every way of making one (`init(_:)`, `with(_:)`) ends in
/// `validate`, so nothing that draws a request checks it again.
public struct SceneRequest: Sendable, Hashable, OverlayRequesting {
    public private(set) var atlas = AtlasLibrary.defaultAtlas
    /// The named view asked for; nil: lateral, or the slicing mode's oblique view (`ScenePlanes.defaultAngles`).
    public private(set) var chosenView: ViewName?
    /// Either set: a free camera angle instead of `view`.
    public private(set) var azimuth: Double?
    public private(set) var elevation: Double?
    /// nil: the view's default (left for lateral/medial, both otherwise).
    public private(set) var hemisphere: HemisphereChoice?
    public private(set) var surface: Surface = .pial
    public private(set) var width = 1024
    public private(set) var height = 768
    public private(set) var highlight: String?
    public private(set) var dimOthers = false
    public private(set) var shading: Shading = .lit
    /// Samples per pixel side of lit PNG renders (`Supersampling`; 1 = off).
    public private(set) var antialias = Supersampling.defaultFactor
    public private(set) var background: Background = .color(RGB(255, 255, 255))
    public private(set) var head = false
    public private(set) var subcortical = false
    /// The slicing mode: the head cut open with orthogonal MRI planes (`ScenePlanes`); nil: off.
    public private(set) var planes: ScenePlanes?
    /// A user's BrainVoyager SRF instead of the bundled meshes, with an optional POI.
    public private(set) var meshFile: String?
    public private(set) var poiFile: String?
    /// Colour-pass decorations, off by default so plain and flat renders stay exact region colours.
    public private(set) var outline = false
    public private(set) var orientation = false
    public private(set) var labels = false
    public private(set) var legend = false
    /// True when `legend` was asked for but left out because the image is too small for it.
    public private(set) var legendLeftOut = false
    /// Curvature shading of the cortex in lit renders (`CurvatureShading`); nil: the surface's
    /// default (`showsCurvature`).
    public private(set) var curvature: Bool?
    /// Ambient occlusion in lit renders of meshes that carry it (`AmbientOcclusion`).
    public private(set) var ambientOcclusion = true
    /// The resolution the PNG states (pHYs), for print and page layout; nil: none stated.
    public private(set) var dpi: Int?
    /// A statistical map coloured onto the cortex (`--overlay`; `OverlayColoring`).
    public private(set) var overlay = OverlayOptions()
    /// Which built palette colours the regions (the colour-blind one: `cvd`).
    public private(set) var palette: ColorPalette = .default

    /// The defaults (`render`'s): gyri, lateral, 1024×768, pial, lit, white background.
    public init() {}

    /// Reads and checks the given texts (by field key, as `fields` reads them); the first bad one is the error.
    public init(_ given: [String: String]) throws(FieldError) {
        try read(given)
    }

    /// This request with more texts read over it (as `init(_:)` reads them), checked again as a whole.
    public func with(_ given: [String: String]) throws(FieldError) -> SceneRequest {
        var changed = self
        try changed.read(given)
        return changed
    }

    private mutating func read(_ given: [String: String]) throws(FieldError) {
        if given["legend"] != nil { legendLeftOut = false }
        try Self.fields.read(given, into: &self)
        try validate()
        if legend && min(width, height) < Self.minimumLegendSide {
            legend = false
            legendLeftOut = true
        }
    }


    /// Every option of a scene (`render`, `pick`, `/api/render`, `/api/pick`, `/api/scene`), once:
    /// a new option is one entry here plus its use.
    public static let fields = RequestFieldTable<SceneRequest>([
        .name("atlas", help: "Atlas colouring the surface (any case; none: unlabelled grey, for an overlay alone).", \.atlas),
        .choice("view", help: "Named camera view (default: lateral; with planes an oblique view from above, from the side of the planes where more of the head lies).", \.chosenView, parse: ViewName.init(userText:)),
        .choice("hemi", help: "Hemisphere(s) shown (lh/rh too; default: left for lateral/medial, both otherwise).",
                \.hemisphere, parse: HemisphereChoice.init(userText:)),
        .choice("surface", help: "Cortical surface.", \.surface, parse: Surface.init(userText:)),
        RequestField("size", query: .none, form: .value("WxH"),
                     help: "Image size, each side 1…\(RequestLimits.maximumImageSide) pixels.",
                     default: { "\($0.width)x\($0.height)" }) { request, text throws(FieldError) in
            (request.width, request.height) = try size(parsing: text)
        },
        sideField("width", query: "w"),
        sideField("height", query: "h"),
        .name("highlight", valueName: "region", help: "Region drawn strongly (id, sourceLabel or name as `info` matches it).", \.highlight),
        .flag("dimOthers", help: "With highlight: the other regions in light tints.", \.dimOthers),
        .choice("shading", help: "lit (Blinn-Phong) or flat (exact region colours).", \.shading, parse: Shading.init(userText:)),
        RequestField("aa", form: .value("on|off"), help: "Anti-aliasing of lit renders (2×2 supersampling).",
                     default: { $0.antialias > 1 ? "on" : "off" }) { request, text throws(FieldError) in
            request.antialias = try Supersampling.factor(option: text)
        },
        RequestField("background", form: .value("colour"), help: "#RRGGBB or transparent.",
                     default: { $0.background.text }) { request, text throws(FieldError) in
            request.background = try Background.parse(text)
        },
        angleField("azimuth", limit: azimuthLimit, \.azimuth,
                   help: "Camera azimuth in degrees, ±360 (0 front, 90 right, -90 left); replaces view."),
        angleField("elevation", limit: elevationLimit, \.elevation, help: "Camera elevation in degrees, ±90 (90 above); replaces view."),
        .flag("head", help: "Add the see-through head surface.", \.head),
        .flag("subcortical", help: "Add the subcortical structures' mesh.", \.subcortical),
        RequestField("planes", form: .value("X,Y,Z|axial:Z,…"),
                     help: "Slicing mode (docs/SLICING.md): the head cut open on the camera's side, with T1 planes through MNI mm X,Y,Z (or some of axial:Z, coronal:Y, sagittal:X) and the atlas over them; the cortex only when a hemisphere is asked for.",
                     default: { $0.planes?.text }) { request, text throws(FieldError) in
            request.planes = try ScenePlanes(parsing: text)
        },
        .path("mesh", valueName: "file.srf", help: "A BrainVoyager SRF to draw instead of the bundled brain.", \.meshFile),
        .path("poi", valueName: "file.poi", help: "POI file colouring the mesh (default: the SRF's own colours).", \.poiFile),
        .flag("outline", help: "Thin dark lines on every region border.", \.outline),
        .flag("orientation", help: "The orientation letters (R/L, A/P, S/I as they point on screen) in the bottom-left corner.",
              \.orientation),
        .flag("labels", help: "The names of the visible regions inside them (outside with a leader line where a name does not fit).",
              \.labels),
        .flag("legend", help: "A colour legend of the visible regions beside the brain, which is framed in the room it leaves.",
              \.legend),
        .onOff("curvature", help: "Sulci darker, gyri lighter in lit renders (default: on for inflated, off for pial).",
               \.curvature),
        .onOff("ao", help: "Ambient occlusion: deep folds darker in lit renders of the pial surface.", \.ambientOcclusion),
        .choice("palette", help: "Region colours: the default palette, or cvd (bordering regions stay apart under red-green and blue-yellow colour blindness).",
                \.palette),
        .integer("dpi", in: PNGEncoder.dpiRange, help: "Resolution stated in the PNG for print (300 is typical; default: none).", \.dpi),
    ] + OverlayOptions.fields(at: \SceneRequest.overlay))

    /// `w`/`h` in a query (the command line gives both as `size`); checked together in `validate`.
    private static func sideField(_ key: String, query: String) -> RequestField<SceneRequest> {
        let path: WritableKeyPath<SceneRequest, Int> & Sendable = key == "width" ? \.width : \.height
        return RequestField(key, cli: .none, query: .named(query), form: .value("N"), help: "Image \(key) in pixels.",
                            default: { String($0[keyPath: path]) }) { request, text throws(FieldError) in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw FieldError(key, value: text, "is not a whole number of pixels")
            }
            request[keyPath: path] = value
        }
    }

    private static func angleField(_ key: String, limit: Double, _ path: WritableKeyPath<SceneRequest, Double?> & Sendable,
                                   help: String) -> RequestField<SceneRequest> {
        RequestField(key, form: .value("degrees"), help: help) { request, text throws(FieldError) in
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, abs(value) <= limit else {
                throw FieldError(key, value: text, "is not a finite angle within ±\(Int(limit))°")
            }
            request[keyPath: path] = value
        }
    }
}
