import Foundation

/// The library that gives BrainTutor a GL context with no window: OSMesa where it loads,
/// otherwise EGL (Mesa 25.1 and later ship no OSMesa). `BRAINTUTOR_GL` (or `--gl`) forces one.
public enum GLBackend: String, Sendable, CaseIterable, CustomStringConvertible {
    case osmesa, egl

    /// The environment variable that names the default backend (read once; `--gl` overrides it).
    public static let environmentKey = "BRAINTUTOR_GL"

    public var description: String { rawValue }

    /// What `--gl` means, for every command that has it.
    public static let optionHelp = "GL backend: osmesa or egl (default: $BRAINTUTOR_GL, else OSMesa where it loads, else EGL)."

    /// The packages that provide the backend's libraries, per distribution family.
    public var packages: String {
        switch self {
        case .osmesa:
            return "Debian/Ubuntu up to 25.04: libosmesa6; Fedora up to 41: mesa-libOSMesa; "
                + "Mesa 25.1 and later (Fedora 42+, Arch, Gentoo, Ubuntu 25.10+) have none: use EGL"
        case .egl:
            return "Debian/Ubuntu: libegl1 libegl-mesa0 libgles2; Fedora: libglvnd-egl libglvnd-gles mesa-libEGL; "
                + "Arch: libglvnd mesa; Gentoo: media-libs/libglvnd media-libs/mesa"
        }
    }

    /// Parses `osmesa` or `egl` (any case), naming `source` (an option or variable) if neither.
    public static func parse(_ text: String, source: String) throws(RenderError) -> GLBackend {
        guard let backend = GLBackend(rawValue: text.lowercased()) else {
            throw .badSetting(name: source, value: text, problem: "is neither 'osmesa' nor 'egl'")
        }
        return backend
    }

    /// The backend forced by `BRAINTUTOR_GL`, or nil to choose automatically.
    public static func forced(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(RenderError) -> GLBackend? {
        guard let text = environment[environmentKey], !text.isEmpty else { return nil }
        return try parse(text, source: environmentKey)
    }

    /// `BRAINTUTOR_GL` as the process started, read once: the default when no `--gl` is given.
    /// Nothing writes it at run time; a choice travels as a value (`chosen(_:)`, `GLContext`).
    static let startDefault: Result<GLBackend?, RenderError> = {
        do throws(RenderError) { return .success(try forced()) } catch { return .failure(error) }
    }()

    /// The backend to draw with: `preferred` (a `--gl` choice), else `BRAINTUTOR_GL`'s, else
    /// OSMesa if it loads, else EGL. Loads the chosen backend's library (once per process);
    /// throws naming both backends' packages when neither loads.
    public static func chosen(_ preferred: GLBackend? = nil) throws(RenderError) -> GLBackend {
        var forced = preferred
        if forced == nil { forced = try startDefault.get() }
        if let forced {
            try forced.load()
            return forced
        }
        return try automatic(osmesa: { () throws(RenderError) in _ = try OSMesaLibrary.shared() },
                             egl: { () throws(RenderError) in _ = try EGLDisplayConnection.shared() })
    }

    /// OSMesa if `osmesa` succeeds, else EGL if `egl` does; the loaders are parameters so a test
    /// can make the OSMesa one fail.
    static func automatic(osmesa: () throws(RenderError) -> Void,
                          egl: () throws(RenderError) -> Void) throws(RenderError) -> GLBackend {
        let osmesaError: RenderError
        do { try osmesa(); return .osmesa } catch { osmesaError = error }
        do { try egl(); return .egl } catch {
            throw .noBackend("\(osmesaError); \(error)")
        }
    }

    /// Opens the backend's library (and for EGL its display), once per process.
    public func load() throws(RenderError) {
        switch self {
        case .osmesa: _ = try OSMesaLibrary.shared()
        case .egl: _ = try EGLDisplayConnection.shared()
        }
    }

    /// Starts loading the backend a command will draw with on a thread of its own, so the load
    /// overlaps argument parsing and scene loading; `chosen()` then waits for it.
    public static func preload(_ preferred: GLBackend? = nil) {
        let thread = Thread { _ = try? chosen(preferred) }
        thread.start()
    }
}
