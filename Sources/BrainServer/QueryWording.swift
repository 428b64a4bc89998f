import BrainAtlas

/// How the HTTP API spells the library's request fields: its query keys. The CLI words the
/// same `FieldError`s with its flags, so both report the same check in their own terms.
enum QueryWording {
    /// The query key(s) of a request field; most fields are their own key.
    static func spell(_ field: String) -> String {
        switch field {
        case "size": "w/h"
        case "query": "q"
        case "point": "x/y/z"
        case "position": "index, mni or at"
        case "raw", "window", "vmr", "voi", "poi": "\(field) (CLI only)"
        default: field
        }
    }

    /// An error's message with its field spelled as a query key, or its own text.
    static func message(_ error: any Error) -> String {
        if let field = (error as? any FieldReporting)?.fieldError { return field.message(spelling: spell) }
        return "\(error)"
    }
}
