#if canImport(Glibc)
import Glibc
#endif

/// A shared library opened with dlopen and never closed: Mesa keeps threads and atexit handlers
/// that would dangle after dlclose, and a process opens each GL library at most once.
struct SharedLibrary: @unchecked Sendable {
    let name: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `name`; `packages` says where it comes from when it is missing.
    init(_ name: String, packages: String) throws(RenderError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen failure"
            throw .libraryMissing(name: name, reason: reason + " (it comes in \(packages))")
        }
        self.name = name
        self.handle = handle
    }

    /// The exported symbol `symbolName` as a C function type, or nil.
    func optionalSymbol<T>(_ symbolName: String, as type: T.Type) -> T? {
        dlsym(handle, symbolName).map { unsafeBitCast($0, to: type) }
    }

    /// The exported symbol `symbolName`, or an error naming the library.
    func symbol<T>(_ symbolName: String, as type: T.Type) throws(RenderError) -> T {
        guard let function = optionalSymbol(symbolName, as: type) else {
            throw .libraryMissing(name: name, reason: "symbol \(symbolName) not found")
        }
        return function
    }
}
