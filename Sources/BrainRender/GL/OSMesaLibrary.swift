import BrainImage
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
        ShaderCacheSetup.configure()
        do throws(RenderError) { return .success(try OSMesaLibrary(name: configuredName)) } catch { return .failure(error) }
    }()

    /// `libraryName`, or the name `BRAINTUTOR_OSMESA_LIBRARY` gives.
    static var configuredName: String {
        getenv(libraryVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? libraryName
    }

    /// Whether OSMesa is loaded in this process (without loading it): then it may have switched
    /// a thread's GL dispatch behind EGL's back.
    /// Read from the loader's list of loaded objects: `dlopen(RTLD_NOLOAD)` would search the
    /// library path, opening libOSMesa's file on every EGL bind even though it never loads it.
    static var isInProcess: Bool {
        var fileName = configuredName
        if let slash = fileName.lastIndex(of: "/") { fileName = String(fileName[fileName.index(after: slash)...]) }
        return fileName.withCString { wanted in
            dl_iterate_phdr({ info, _, wanted in
                guard let path = info?.pointee.dlpi_name, let wanted = wanted?.assumingMemoryBound(to: CChar.self)
                else { return 0 }
                let base = strrchr(path, 0x2F).map { UnsafePointer($0 + 1) } ?? path
                return strcmp(base, wanted) == 0 ? 1 : 0
            }, UnsafeMutableRawPointer(mutating: wanted)) != 0
        }
    }

    init(name: String) throws(RenderError) {
        do throws(LibraryError) {
            let library = try SharedLibrary(name, packages: GLBackend.osmesa.packages)
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
