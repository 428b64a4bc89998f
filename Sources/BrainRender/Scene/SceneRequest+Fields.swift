import Foundation
import BrainAtlas
import BrainImage
import BrainMaps

/// Every option of a scene (`render`, `pick`, `/api/render`, `/api/pick`, `/api/scene`), once:
/// a new option is one entry here plus its use.
extension SceneRequest {
    public static let fields = RequestFieldTable<SceneRequest>([
        .name("atlas", help: "Atlas colouring the surface (any case; none: unlabelled grey, for an overlay alone).", \.atlas),
        .choice("view", help: "Named camera view.", \.view, parse: ViewName.init(userText:)),
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
    ] + OverlayOptions.fields(for: SceneRequest.self))

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
