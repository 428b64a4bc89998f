import COSMesa
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The OSMesa shared library, opened at run time so commands that never draw never load Mesa.
public final class OSMesaLibrary: @unchecked Sendable {
    typealias CreateContextExt = @convention(c) (GLenum, GLint, GLint, GLint, OSMesaContext?) -> OSMesaContext?
    typealias MakeCurrent = @convention(c) (OSMesaContext?, UnsafeMutableRawPointer?, GLenum, GLsizei, GLsizei) -> GLboolean
    typealias DestroyContext = @convention(c) (OSMesaContext?) -> Void
    typealias GetProcAddress = @convention(c) (UnsafePointer<CChar>?) -> OSMESAproc?
    typealias PixelStore = @convention(c) (GLint, GLint) -> Void

    /// The library name passed to dlopen; Debian's libosmesa6 installs it.
    public static let libraryName = "libOSMesa.so.8"

    let createContextExt: CreateContextExt
    let makeCurrent: MakeCurrent
    let destroyContext: DestroyContext
    let getProcAddress: GetProcAddress
    let pixelStore: PixelStore
    private let handle: UnsafeMutableRawPointer

    /// The process-wide library; dlopen is reference counted and the handle is never closed,
    /// because Mesa keeps threads and atexit handlers that would dangle after dlclose.
    public static func shared() throws(RenderError) -> OSMesaLibrary {
        switch loaded {
        case .success(let library): return library
        case .failure(let error): throw error
        }
    }

    /// Starts opening the library on a thread of its own (~15 ms: Mesa pulls in libLLVM), so a
    /// command that will draw overlaps it with argument parsing and scene loading; `shared()`
    /// then waits for that first open instead of starting another.
    public static func preload() {
        let thread = Thread { _ = loaded }
        thread.start()
    }

    private static let loaded: Result<OSMesaLibrary, RenderError> = {
        ShaderCacheSetup.configure()
        do throws(RenderError) { return .success(try OSMesaLibrary(name: libraryName)) } catch { return .failure(error) }
    }()

    init(name: String) throws(RenderError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen failure"
            throw .libraryMissing(name: name, reason: reason + " (install Debian's libosmesa6)")
        }
        self.handle = handle
        func symbol<T>(_ symbolName: String, as type: T.Type) throws(RenderError) -> T {
            guard let pointer = dlsym(handle, symbolName) else {
                throw .libraryMissing(name: name, reason: "symbol \(symbolName) not found")
            }
            return unsafeBitCast(pointer, to: type)
        }
        createContextExt = try symbol("OSMesaCreateContextExt", as: CreateContextExt.self)
        makeCurrent = try symbol("OSMesaMakeCurrent", as: MakeCurrent.self)
        destroyContext = try symbol("OSMesaDestroyContext", as: DestroyContext.self)
        getProcAddress = try symbol("OSMesaGetProcAddress", as: GetProcAddress.self)
        pixelStore = try symbol("OSMesaPixelStore", as: PixelStore.self)
    }

    /// Looks up a GL entry point; OSMesa answers for every function its GL version has.
    func proc<T>(_ name: String, as type: T.Type) throws(RenderError) -> T {
        guard let pointer = name.withCString({ getProcAddress($0) }) else {
            throw .libraryMissing(name: Self.libraryName, reason: "GL function \(name) not available")
        }
        return unsafeBitCast(pointer, to: type)
    }
}
