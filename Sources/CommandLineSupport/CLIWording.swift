import BrainAtlas
import BrainMaps
import BrainQuiz
import BrainRender
import BrainSlice

/// How `braintutor` spells the library's request fields: as the request tables' options
/// (`dimOthers` is `--dim-others`), or as the argument they came from. The server words the same
/// `FieldError`s with the tables' query keys.
public enum CLIWording {
    /// The option or argument of a request field.
    public static func spell(_ field: String) -> String {
        switch field {
        case "query": "query"
        case "point": "X Y Z"
        case "pixel": "X Y"
        case "position": "--index, --mni or --at"
        case "width", "height": "--size"
        default: SceneRequest.fields.field(key: field)?.cli ?? SliceRequest.fields.field(key: field)?.cli
            ?? QuizRequest.fields.field(key: field)?.cli ?? MapClusterRequest.listingFields.field(key: field)?.cli
            ?? "--" + RequestField<Void>.kebab(field)
        }
    }

    /// An error's message with its field spelled as an option, or its own text.
    public static func message(_ error: any Error) -> String {
        if let field = (error as? any FieldReporting)?.fieldError { return field.message(spelling: spell) }
        return "\(error)"
    }
}
