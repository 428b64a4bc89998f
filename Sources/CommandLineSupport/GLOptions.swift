import ArgumentParser
import BrainRender

/// `--gl osmesa|egl`: the GL backend a command draws with (default: `BRAINTUTOR_GL`, else OSMesa
/// where it loads, otherwise EGL). The choice is a value the command passes to what draws; no
/// option writes the environment.
public struct GLOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("gl"), help: ArgumentHelp(GLBackend.optionHelp, valueName: "backend"))
    public var backend: String?

    /// The backend `--gl` names, nil without the option (checked by `validate`).
    public var choice: GLBackend? { backend.flatMap { try? GLBackend.parse($0, source: "--gl") } }

    public mutating func validate() throws {
        guard let backend else { return }
        do {
            _ = try GLBackend.parse(backend, source: "--gl")
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The backend `--gl X` or `--gl=X` names in the raw arguments, before they are parsed, so
    /// the backend a one-shot command preloads is the one it will draw with. A bad value is left
    /// for the parser to report.
    public static func early(_ arguments: [String]) -> GLBackend? {
        var choice: GLBackend?
        for (index, argument) in arguments.enumerated() {
            let value: String?
            if argument == "--gl", index + 1 < arguments.count { value = arguments[index + 1] }
            else if argument.hasPrefix("--gl=") { value = String(argument.dropFirst(5)) }
            else { value = nil }
            if let value, let parsed = try? GLBackend.parse(value, source: "--gl") { choice = parsed }
        }
        return choice
    }
}
