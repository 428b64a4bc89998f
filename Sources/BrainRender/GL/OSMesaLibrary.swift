import BrainImage
import COSMesa
import Synchronization
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The OSMesa shared library, opened at run time so commands that never draw never load Mesa.
public final class OSMesaLibrary: @unchecked Sendable {
    // @unchecked: C function pointers from dlsym are not Sendable in Swift; they never change.
    typealias CreateContextExt = @convention(c) (GLenum, GLint, GLint, GLint, OSMesaContext?) -> OSMesaContext?
    typealias MakeCurrent = @convention(c) (OSMesaContext?, UnsafeMutableRawPointer?, GLenum, GLsizei, GLsizei) -> GLboolean
    typealias DestroyContext = @convention(c) (OSMesaContext?) -> Void
    typealias GetProcAddress = @convention(c) (UnsafePointer<CChar>?) -> OSMESAproc?
    typealias PixelStore = @convention(c) (GLint, GLint) -> Void

    /// The library name passed to dlopen; Debian's libosmesa6 installs it.
    public static let libraryName = "libOSMesa.so.8"
    /// Names another library to open instead (a path, or a soname such as libOSMesa.so.6);
    /// tests set it to a name that does not exist to hide OSMesa.
    public static let libraryVariable = "BRAINTUTOR_OSMESA_LIBRARY"

    let createContextExt: CreateContextExt
    let makeCurrent: MakeCurrent
    let destroyContext: DestroyContext
    let getProcAddress: GetProcAddress
    let pixelStore: PixelStore

    /// The process-wide library (`SharedLibrary`: never closed).
    public static func shared() throws(RenderError) -> OSMesaLibrary {
        switch loaded {
        case .success(let library): return library
        case .failure(let error): throw error
        }
    }

    private static let loaded: Result<OSMesaLibrary, RenderError> = {
        do throws(RenderError) { return .success(try OSMesaLibrary(name: configuredName)) } catch { return .failure(error) }
    }()

    /// `libraryName`, or the name `BRAINTUTOR_OSMESA_LIBRARY` gives.
    static var configuredName: String {
        getenv(libraryVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? libraryName
    }

    /// Whether OSMesa is loaded in this process (without loading it): then it may have switched
    /// a thread's GL dispatch behind EGL's back. Recorded at the load rather than asked of the
    /// loader: `dlopen(RTLD_NOLOAD)` searches the library path, opening libOSMesa's file on every
    /// EGL bind of a process that never loads it.
    static var isInProcess: Bool { opened.load(ordering: .acquiring) }

    /// Set once the library has been opened; never cleared (it is never closed).
    private static let opened = Atomic<Bool>(false)

    init(name: String) throws(RenderError) {
        do throws(LibraryError) {
            let library = try SharedLibrary(name, packages: GLBackend.osmesa.packages)
            Self.opened.store(true, ordering: .releasing)
            createContextExt = try library.symbol("OSMesaCreateContextExt", as: CreateContextExt.self)
            makeCurrent = try library.symbol("OSMesaMakeCurrent", as: MakeCurrent.self)
            destroyContext = try library.symbol("OSMesaDestroyContext", as: DestroyContext.self)
            getProcAddress = try library.symbol("OSMesaGetProcAddress", as: GetProcAddress.self)
            pixelStore = try library.symbol("OSMesaPixelStore", as: PixelStore.self)
        } catch {
            throw RenderError(error)
        }
    }

    /// Looks up a GL entry point; OSMesa answers for every function its GL version has.
    func proc<T>(_ name: String, as type: T.Type) throws(RenderError) -> T {
        guard let pointer = name.withCString({ getProcAddress($0) }) else {
            throw .libraryMissing(name: "OSMesa", reason: "GL function \(name) not available")
        }
        return unsafeBitCast(pointer, to: type)
    }
}
