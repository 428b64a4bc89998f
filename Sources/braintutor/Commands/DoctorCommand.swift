import ArgumentParser
import CommandLineSupport
import BrainRender

/// `braintutor doctor`: which GL backend draws here, with its renderer and version, and why a
/// backend that does not load fails, with the packages that provide it.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Show the GL backend in use (OSMesa or EGL), GL_RENDERER and GL_VERSION, and what is missing.")

    @OptionGroup var gl: GLOptions

    func run() throws {
        try CommandOutput.run {
            for line in Self.backendLines() { print(line) }
            let info = try Self.driverInfo(gl.choice)
            print("in use: \(info.summary)")
            print("GL_SUBPIXEL_BITS: \(info.subpixelBits); CPU pick bound: \(info.errorModel.subpixelBits) bits "
                + "(assumed before loading: \(PickErrorModel.expectedHere.subpixelBits))")
        }
    }

    /// `braintutor --version`'s GL line: the backend, renderer and version (or why none loads).
    static var versionLine: (name: String, value: String) {
        do {
            return ("gl", try driverInfo().summary)
        } catch {
            return ("gl", "\(error)")
        }
    }

    /// One line per backend: whether its libraries load, or why not.
    static func backendLines() -> [String] {
        GLBackend.allCases.map { backend in
            do {
                try backend.load()
                return "\(backend): loads"
            } catch {
                return "\(backend): \(error)"
            }
        }
    }

    /// The driver of the backend `GLBackend.chosen` picks (`--gl` first), from a one-pixel context.
    static func driverInfo(_ backend: GLBackend? = nil) throws -> GLDriverInfo {
        try GLContext(width: 1, height: 1, backend: backend).driverInfo
    }
}
