import Foundation

/// Why a slice could not be made; every message names the option or file and the problem.
public enum SliceError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    case badOption(String, String)
    case indexOutOfRange(file: String, plane: SlicePlane, axis: String, index: Int, count: Int)
    case unknownRegion(String, atlas: String, suggestions: [String])
    case unreadable(String, String)
    case noOverlay(String)

    public var description: String {
        switch self {
        case let .badOption(option, problem):
            "\(option): \(problem)"
        case let .indexOutOfRange(file, plane, axis, index, count):
            "\(file): \(plane.rawValue) index \(index) is outside BV \(axis) 0…\(count - 1)"
        case let .unknownRegion(query, atlas, suggestions):
            suggestions.isEmpty ? "--highlight: no region of atlas '\(atlas)' matches '\(query)'"
                : "--highlight: no region of atlas '\(atlas)' matches '\(query)'; did you mean: \(suggestions.joined(separator: ", "))?"
        case let .unreadable(file, problem):
            "\(file): \(problem)"
        case let .noOverlay(problem):
            problem
        }
    }
    public var errorDescription: String? { description }
}
