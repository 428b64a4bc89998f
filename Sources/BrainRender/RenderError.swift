import BrainAtlas
import BrainImage

/// Everything that can go wrong while building or drawing a scene, with messages that name the cause.
public enum RenderError: Error, Equatable, CustomStringConvertible, Sendable {
    case libraryMissing(name: String, reason: String)
    case contextFailed(String)
    /// Neither GL backend loads (both reasons, with the packages that provide each).
    case noBackend(String)
    /// A GL setting (`--gl`, `BRAINTUTOR_GL`, `BRAINTUTOR_EGL_DEVICE`) has a value it cannot take.
    case badSetting(name: String, value: String, problem: String)
    case shaderMissing(name: String, searched: [String])
    case shaderCompile(name: String, log: String)
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
            return "\(name) cannot be loaded: \(reason)"
        case .contextFailed(let what): return "GL context: \(what)"
        case .noBackend(let reasons): return "no GL backend loads: \(reasons)"
        case .badSetting(let name, let value, let problem): return "\(name): '\(value)' \(problem)"
        case .shaderMissing(let name, let searched):
            return "shaders \(name) not found; looked in: \(searched.joined(separator: ", ")) "
                + "(install Shaders/ next to the executable or in <prefix>/share/braintutor/, or set BRAINTUTOR_SHADERS)"
        case .shaderCompile(let name, let log): return "shader \(name) does not compile: \(log)"
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

extension RenderError {
    /// Holds an image (a scene, a GL buffer) to the one image-side rule (`RequestLimits`), for
    /// sizes that did not come through a request (which checked them already).
    static func checkImageSize(width: Int, height: Int) throws(RenderError) {
        do throws(FieldError) {
            for side in [width, height] { try RequestLimits.checkImageSide(side, field: "size", given: "\(width)x\(height)") }
        } catch { throw .invalid(error) }
    }

    /// A GL library that does not open, or lacks a function.
    init(_ error: LibraryError) {
        self = .libraryMissing(name: error.name, reason: error.reason)
    }
}
