import BrainAtlas

/// Everything that can go wrong while building or drawing a scene, with messages that name the cause.
public enum RenderError: Error, Equatable, CustomStringConvertible, Sendable {
    case libraryMissing(name: String, reason: String)
    case contextFailed(String)
    case shaderMissing(name: String, searched: [String])
    case shaderCompile(name: String, log: String)
    case badSize(width: Int, height: Int, limit: Int)
    /// A request field's value was wrong (worded by each front end in its own spelling).
    case invalid(FieldError)
    case unknownRegion(String, suggestions: [String])
    case emptyScene(String)
    case badMesh(file: String, field: String, problem: String)
    case pixelOutside(x: Int, y: Int, width: Int, height: Int)
    case glError(call: String, code: UInt32)

    public var description: String {
        switch self {
        case .libraryMissing(let name, let reason):
            return "OSMesa (\(name)) cannot be loaded: \(reason)"
        case .contextFailed(let what): return "OSMesa context: \(what)"
        case .shaderMissing(let name, let searched):
            return "shaders \(name) not found; looked in: \(searched.joined(separator: ", ")) "
                + "(install Shaders/ next to the executable or in <prefix>/share/braintutor/, or set BRAINTUTOR_SHADERS)"
        case .shaderCompile(let name, let log): return "shader \(name) does not compile: \(log)"
        case .badSize(let w, let h, let limit):
            return "--size: \(w)x\(h) is outside 1…\(limit) pixels per side"
        case .invalid(let error): return error.description
        case .unknownRegion: return fieldError!.description
        case .emptyScene(let why): return "nothing to draw: \(why)"
        case .badMesh(let file, let field, let problem): return "\(file): \(field): \(problem)"
        case .pixelOutside(let x, let y, let w, let h):
            return "pixel (\(x), \(y)) is outside the \(w)×\(h) image (x 0…\(w - 1), y 0…\(h - 1))"
        case .glError(let call, let code): return "GL error 0x\(String(code, radix: 16)) after \(call)"
        }
    }
}

extension RenderError: FieldReporting {
    public var fieldError: FieldError? {
        switch self {
        case .invalid(let error): return error
        case .unknownRegion(let query, let suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean: \(suggestions.joined(separator: ", "))?"
            return FieldError("highlight", value: query, "matches no region\(hint)")
        default: return nil
        }
    }
}

#if canImport(Foundation)
import Foundation
extension RenderError: LocalizedError {
    public var errorDescription: String? { description }
}
#endif
