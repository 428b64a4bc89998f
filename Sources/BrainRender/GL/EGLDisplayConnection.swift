import CEGL
import Foundation

/// The process's EGL display with no window system: Mesa's surfaceless platform, else a device
/// of the device platform (`BRAINTUTOR_EGL_DEVICE` picks one by index and skips surfaceless).
/// Initialised once and never terminated, since eglTerminate would end every context at once.
final class EGLDisplayConnection: @unchecked Sendable {
    // @unchecked: EGL handles are raw pointers, not Sendable; the display is made once and never changed.
    /// Chooses a device of `EGL_EXT_platform_device` by index (0, 1, …; see `braintutor doctor`).
    static let deviceVariable = "BRAINTUTOR_EGL_DEVICE"

    let library: EGLLibrary
    let display: EGLDisplay
    let config: EGLConfig
    /// How the display was found, for reports: "surfaceless" or "device 0 of 2".
    let platform: String

    static func shared() throws(RenderError) -> EGLDisplayConnection {
        switch opened {
        case .success(let connection): return connection
        case .failure(let error): throw error
        }
    }

    private static let opened: Result<EGLDisplayConnection, RenderError> = {
        let device = ProcessInfo.processInfo.environment[deviceVariable].flatMap { $0.isEmpty ? nil : $0 }
        do throws(RenderError) { return .success(try EGLDisplayConnection(device: device)) } catch { return .failure(error) }
    }()

    private init(device: String?) throws(RenderError) {
        library = try EGLLibrary()
        let clientExtensions = library.queryString(nil, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let extensions = Set(clientExtensions.split(separator: " ").map(String.init))
        guard let getPlatformDisplay = library.extensionProc("eglGetPlatformDisplayEXT", as: EGLLibrary.GetPlatformDisplay.self)
        else { throw .contextFailed("EGL has no eglGetPlatformDisplayEXT (EGL_EXT_platform_base)") }
        var tried: [String] = []
        var found: (EGLDisplay, String)?
        if let device {
            guard let index = Int(device), index >= 0 else {
                throw .badSetting(name: Self.deviceVariable, value: device, problem: "is not a device index (0, 1, …)")
            }
            found = try Self.deviceDisplay(library, getPlatformDisplay, extensions: extensions, index: index, required: true, tried: &tried)
        } else {
            if extensions.contains("EGL_MESA_platform_surfaceless") {
                if let display = Self.initialized(library, getPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)) {
                    found = (display, "surfaceless")
                } else {
                    tried.append("surfaceless platform: \(library.lastError)")
                }
            } else {
                tried.append("no EGL_MESA_platform_surfaceless")
            }
            if found == nil {
                found = try Self.deviceDisplay(library, getPlatformDisplay, extensions: extensions, index: 0, required: false, tried: &tried)
            }
        }
        guard let (display, platform) = found else {
            throw .contextFailed("no EGL display without a window system (\(tried.joined(separator: "; ")))")
        }
        self.display = display
        self.platform = platform
        guard library.bindAPI(EGLenum(EGL_OPENGL_ES_API)) != 0 else {
            throw .contextFailed("eglBindAPI(OpenGL ES) failed: \(library.lastError)")
        }
        // No surface type: the context draws only into framebuffer objects.
        let attributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        guard library.chooseConfig(display, attributes, &config, 1, &count) != 0, count > 0, let config else {
            throw .contextFailed("no EGL config for OpenGL ES 2 on the \(platform) display: \(library.lastError)")
        }
        self.config = config
    }

    /// The display of device `index` on `EGL_EXT_platform_device`, initialised; nil (with the
    /// reason in `tried`) when it is unavailable, or an error if the user asked for that device.
    private static func deviceDisplay(_ library: EGLLibrary, _ getPlatformDisplay: EGLLibrary.GetPlatformDisplay,
                                      extensions: Set<String>, index: Int, required: Bool,
                                      tried: inout [String]) throws(RenderError) -> (EGLDisplay, String)? {
        func fail(_ reason: String) throws(RenderError) -> (EGLDisplay, String)? {
            if required { throw .contextFailed("\(deviceVariable)=\(index): \(reason)") }
            tried.append("device platform: \(reason)")
            return nil
        }
        guard extensions.contains("EGL_EXT_platform_device"),
              let queryDevices = library.extensionProc("eglQueryDevicesEXT", as: EGLLibrary.QueryDevices.self) else {
            return try fail("no EGL_EXT_platform_device")
        }
        var count: EGLint = 0
        guard queryDevices(0, nil, &count) != 0, count > 0 else { return try fail("no EGL devices") }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard queryDevices(count, &devices, &count) != 0 else { return try fail("eglQueryDevicesEXT failed") }
        guard index < Int(count) else { return try fail("no device \(index): there are \(count) (0…\(count - 1))") }
        guard let display = initialized(library, getPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), devices[index], nil))
        else { return try fail("device \(index) does not initialise: \(library.lastError)") }
        return (display, "device \(index) of \(count)")
    }

    private static func initialized(_ library: EGLLibrary, _ display: EGLDisplay?) -> EGLDisplay? {
        guard let display, library.initialize(display, nil, nil) != 0 else { return nil }
        return display
    }
}
