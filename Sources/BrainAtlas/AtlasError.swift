import Foundation

/// Errors of the atlas model; each message names the file or input, the field and the problem.
public enum AtlasError: Error, Equatable, Sendable, CustomStringConvertible {
    case noData(searched: [String])
    case unreadable(String, reason: String)
    case badCatalog(String, field: String, problem: String)
    case badLabels(String, field: String, problem: String)
    case badTexts(String, field: String, problem: String)
    case badPOI(String, field: String, problem: String)
    case unknownAtlas(String, known: [String])
    case missingFile(atlas: String, what: String)
    case noMatch(query: String, suggestions: [String])
    /// Nothing in the atlas searched, but a region of another atlas matches.
    case notInAtlas(query: String, atlas: String, foundIn: String, region: String)
    /// A Brodmann area named by number that no atlas draws, with its anatomical neighbour.
    case areaNotInAtlas(query: String, message: String)
    case outsideVolume(point: [Double], space: String, voxel: [Int], grid: String, dims: [Int])
    case badArgument(String, problem: String)
    /// A request field's value was wrong (worded by each front end in its own spelling).
    case invalid(FieldError)

    public var description: String {
        switch self {
        case .noData(let searched):
            return "no AtlasData found (looked in: \(searched.joined(separator: ", "))); "
                + "pass --data DIR or set BRAINTUTOR_DATA"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .badCatalog(let path, let field, let problem),
             .badLabels(let path, let field, let problem),
             .badTexts(let path, let field, let problem),
             .badPOI(let path, let field, let problem):
            return "\(path): \(field): \(problem)"
        case .unknownAtlas(let name, let known):
            return "unknown atlas '\(name)' (known: \(known.joined(separator: ", ")))"
        case .missingFile(let atlas, let what):
            return "atlas '\(atlas)' has no \(what)"
        case .noMatch(let query, let suggestions):
            return suggestions.isEmpty ? "no region matches '\(query)'"
                : "no region matches '\(query)'; did you mean: \(suggestions.joined(separator: ", "))?"
        case .notInAtlas(let query, let atlas, let foundIn, let region):
            return "no region matches '\(query)' in \(atlas); found in \(foundIn): \(region)"
        case .areaNotInAtlas(_, let message):
            return message
        case .outsideVolume(let point, let space, let voxel, let grid, let dims):
            let p = point.map { formatNumber($0) }.joined(separator: ", ")
            let where_ = voxel.isEmpty ? "" : "voxel \(voxel.map(String.init).joined(separator: ", ")); "
            let limits = dims.count == 3 ? "indices must be within 0…\(dims[0] - 1), 0…\(dims[1] - 1), 0…\(dims[2] - 1)" : ""
            return "point (\(p)) in \(space) is outside \(grid) (\(where_)\(limits))"
        case .badArgument(let name, let problem):
            return "\(name): \(problem)"
        case .invalid(let error):
            return error.description
        }
    }
}

extension AtlasError: FieldReporting {
    public var fieldError: FieldError? {
        if case .invalid(let error) = self { return error }
        return nil
    }
}

extension AtlasError: LocalizedError {
    public var errorDescription: String? { description }
}

func formatNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
}
