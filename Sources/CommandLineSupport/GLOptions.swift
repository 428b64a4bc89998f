import ArgumentParser
import BrainRender

/// `--gl osmesa|egl`: forces a GL backend, as `BRAINTUTOR_GL` does (default: OSMesa where it
/// loads, otherwise EGL). The option sets that variable for the process, so every part that
/// draws (one-shot jobs, the server's workers, the bench) sees one choice.
public struct GLOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("gl"), help: ArgumentHelp(GLBackend.optionHelp, valueName: "backend"))
    public var backend: String?

    public mutating func validate() throws {
        guard let backend else { return }
        do {
            try GLBackend.force(backend, source: "--gl")
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Applies `--gl X` or `--gl=X` from the raw arguments before they are parsed, so the
    /// backend a one-shot command preloads is the one it will draw with. A bad value is left
    /// for the parser to report.
    public static func applyEarly(_ arguments: [String]) {
        for (index, argument) in arguments.enumerated() {
            let value: String?
            if argument == "--gl", index + 1 < arguments.count { value = arguments[index + 1] }
            else if argument.hasPrefix("--gl=") { value = String(argument.dropFirst(5)) }
            else { value = nil }
            if let value { try? GLBackend.force(value, source: "--gl") }
        }
    }
}
