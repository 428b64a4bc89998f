import BrainAtlas
import BrainRender
import BrainSlice

/// The spellings `braintutor`'s options accept, so a query value works wherever the same
/// CLI option value does: any case for names, and `lh`/`rh`/`l`/`r` for sides.
///
/// These mirror `SceneOptions.request()` and `SliceCommand` (the executable target, which a
/// library cannot import); the side and plane words come from the same library parsers
/// (`Hemisphere(userText:)`, `SlicePlane(userText:)`).
enum CLISpellings {
    static func view(_ text: String) -> ViewName? { ViewName(rawValue: text.lowercased()) }

    static func hemisphere(_ text: String) -> SceneRequest.HemisphereChoice? {
        SceneRequest.HemisphereChoice(rawValue: text.lowercased())
            ?? Hemisphere(userText: text).flatMap { $0 == .left ? .left : $0 == .right ? .right : nil }
    }

    static func surface(_ text: String) -> SceneRequest.Surface? { SceneRequest.Surface(rawValue: text.lowercased()) }

    static func shading(_ text: String) -> Shading? { Shading(rawValue: text.lowercased()) }

    static func plane(_ text: String) -> SlicePlane? { SlicePlane(userText: text) }

    static func pointSpace(_ text: String) -> SliceRequest.PointSpace? { SliceRequest.PointSpace(rawValue: text.lowercased()) }
}
