import BrainAtlas
import Foundation

/// Why a slice could not be made; every message names the request field or file and the problem.
public enum SliceError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// A request field's value was wrong (worded by each front end in its own spelling).
    case invalid(FieldError)
    case indexOutOfRange(file: String, plane: SlicePlane, axis: String, index: Int, count: Int)
    case unknownRegion(String, atlas: String, suggestions: [String])
    case unreadable(String, String)
    case noOverlay(String)

    public var description: String {
        switch self {
        case let .invalid(error):
            error.description
        case let .indexOutOfRange(file, plane, _, index, count):
            "\(file): \(plane.rawValue) index \(index) is outside 0 (\(plane.indexEnds.first)) … \(count - 1) (\(plane.indexEnds.last))"
        case .unknownRegion:
            fieldError!.description
        case let .unreadable(file, problem):
            "\(file): \(problem)"
        case let .noOverlay(problem):
            problem
        }
    }
    public var errorDescription: String? { description }
}

extension SliceError: FieldReporting {
    public var fieldError: FieldError? {
        switch self {
        case let .invalid(error): return error
        case let .unknownRegion(query, atlas, suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean: \(suggestions.joined(separator: ", "))?"
            return FieldError("highlight", value: query, "matches no region of atlas '\(atlas)'\(hint)")
        default: return nil
        }
    }
}

extension SliceError {
    static func field(_ field: String, value: String? = nil, _ problem: String) -> SliceError {
        .invalid(FieldError(field, value: value, problem))
    }
}
