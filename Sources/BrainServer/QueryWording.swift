import BrainAtlas
import BrainMaps
import BrainQuiz
import BrainRender
import BrainSlice

/// How the HTTP API spells the library's request fields: the request tables' query keys. The
/// CLI words the same `FieldError`s with the tables' options, so both report the same check in
/// their own terms.
enum QueryWording {
    /// The query key(s) of a request field.
    static func spell(_ field: String) -> String {
        switch field {
        case "size": return "w/h"
        case "query": return "q"
        case "point": return "x/y/z"
        case "pick": return "x/y"
        case "position": return "index, mni or at"
        default: break
        }
        let entries = [SceneRequest.fields.field(key: field).map { ($0.query, $0.cli) },
                       SliceRequest.fields.field(key: field).map { ($0.query, $0.cli) },
                       QuizRequest.fields.field(key: field).map { ($0.query, $0.cli) },
                       MapClusterRequest.listingFields.field(key: field).map { ($0.query, $0.cli) }].compactMap { $0 }
        if let query = entries.lazy.compactMap(\.0).first { return query }
        // A field only the command line has (a file path, the grey window).
        if let cli = entries.lazy.compactMap(\.1).first { return "\(cli) (CLI only)" }
        return field
    }

    /// An error's message with its field spelled as a query key, or its own text.
    static func message(_ error: any Error) -> String {
        if let field = (error as? any FieldReporting)?.fieldError { return field.message(spelling: spell) }
        return "\(error)"
    }
}
