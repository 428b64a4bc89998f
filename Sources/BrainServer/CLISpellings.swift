import BrainAtlas
import BrainRender
import BrainSlice

/// The spellings `braintutor`'s options accept, so a query value works wherever the same CLI
/// option value does. Each comes from the library type's own `init?(userText:)`, which the CLI uses too.
enum CLISpellings {
    static func view(_ text: String) -> ViewName? { ViewName(userText: text) }

    static func hemisphere(_ text: String) -> SceneRequest.HemisphereChoice? { SceneRequest.HemisphereChoice(userText: text) }

    static func surface(_ text: String) -> SceneRequest.Surface? { SceneRequest.Surface(userText: text) }

    static func shading(_ text: String) -> Shading? { Shading(userText: text) }

    static func plane(_ text: String) -> SlicePlane? { SlicePlane(userText: text) }

    static func pointSpace(_ text: String) -> SliceRequest.PointSpace? { SliceRequest.PointSpace(userText: text) }
}
