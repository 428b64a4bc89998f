import BrainImage
import CEGL

/// libEGL and libGLESv2, opened at run time like OSMesa: the EGL entry points BrainTutor uses,
/// and GL functions from libGLESv2 (glvnd dispatches them to the current context's driver).
final class EGLLibrary: @unchecked Sendable {
    // @unchecked: C function pointers from dlsym are not Sendable in Swift; they never change.
    typealias GetProcAddress = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
    typealias QueryString = @convention(c) (EGLDisplay?, EGLint) -> UnsafePointer<CChar>?
    typealias GetPlatformDisplay = @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?
    typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
    typealias Initialize = @convention(c) (EGLDisplay?, UnsafeMutablePointer<EGLint>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
    typealias BindAPI = @convention(c) (EGLenum) -> EGLBoolean
    typealias ChooseConfig = @convention(c) (EGLDisplay?, UnsafePointer<EGLint>?, UnsafeMutablePointer<EGLConfig?>?,
                                             EGLint, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
    typealias CreateContext = @convention(c) (EGLDisplay?, EGLConfig?, EGLContext?, UnsafePointer<EGLint>?) -> EGLContext?
    typealias MakeCurrent = @convention(c) (EGLDisplay?, EGLSurface?, EGLSurface?, EGLContext?) -> EGLBoolean
    typealias DestroyContext = @convention(c) (EGLDisplay?, EGLContext?) -> EGLBoolean
    typealias GetCurrentContext = @convention(c) () -> EGLContext?
    typealias GetError = @convention(c) () -> EGLint

    /// The sonames opened: glvnd's dispatch libraries, present wherever Mesa's EGL is installed.
    static let eglName = "libEGL.so.1"
    static let glesName = "libGLESv2.so.2"

    let getProcAddress: GetProcAddress
    let queryString: QueryString
    let initialize: Initialize
    let bindAPI: BindAPI
    let chooseConfig: ChooseConfig
    let createContext: CreateContext
    let makeCurrent: MakeCurrent
    let destroyContext: DestroyContext
    let getCurrentContext: GetCurrentContext
    let getError: GetError
    private let gles: SharedLibrary

    init() throws(RenderError) {
        do throws(LibraryError) {
            let egl = try SharedLibrary(Self.eglName, packages: GLBackend.egl.packages)
            getProcAddress = try egl.symbol("eglGetProcAddress", as: GetProcAddress.self)
            queryString = try egl.symbol("eglQueryString", as: QueryString.self)
            initialize = try egl.symbol("eglInitialize", as: Initialize.self)
            bindAPI = try egl.symbol("eglBindAPI", as: BindAPI.self)
            chooseConfig = try egl.symbol("eglChooseConfig", as: ChooseConfig.self)
            createContext = try egl.symbol("eglCreateContext", as: CreateContext.self)
            makeCurrent = try egl.symbol("eglMakeCurrent", as: MakeCurrent.self)
            destroyContext = try egl.symbol("eglDestroyContext", as: DestroyContext.self)
            getCurrentContext = try egl.symbol("eglGetCurrentContext", as: GetCurrentContext.self)
            getError = try egl.symbol("eglGetError", as: GetError.self)
            gles = try SharedLibrary(Self.glesName, packages: GLBackend.egl.packages)
        } catch {
            throw RenderError(error)
        }
    }

    /// An EGL extension function (nil where the implementation lacks it).
    func extensionProc<T>(_ name: String, as type: T.Type) -> T? {
        name.withCString { getProcAddress($0) }.map { unsafeBitCast($0, to: type) }
    }

    /// The EGL error code of the last call, in hex, for messages.
    var lastError: String { "EGL error 0x" + String(getError(), radix: 16) }
}

extension EGLLibrary: GLProcLoader {
    /// A GL entry point: exported by libGLESv2, or (for extensions) through eglGetProcAddress.
    func proc<T>(_ name: String, as type: T.Type) throws(RenderError) -> T {
        if let function = gles.optionalSymbol(name, as: type) ?? extensionProc(name, as: type) { return function }
        throw .libraryMissing(name: Self.glesName, reason: "GL function \(name) not available")
    }
}
