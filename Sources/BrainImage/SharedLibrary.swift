#if canImport(Glibc)
import Glibc
#endif

/// A shared library opened with dlopen on first use and never closed, so that a command loads
/// only the C libraries it uses (a `where` no GL, PNG or font library): Mesa keeps threads and
/// atexit handlers that would dangle after dlclose, and a process opens each library at most once.
public struct SharedLibrary: @unchecked Sendable {
    // @unchecked: a dlopen handle is a raw pointer, never Sendable; it is never closed or changed.
    public let name: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `name`; `packages` says where it comes from when it is missing.
    public init(_ name: String, packages: String) throws(LibraryError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen failure"
            throw LibraryError(name: name, reason: reason + " (it comes in \(packages))")
        }
        self.name = name
        self.handle = handle
    }

    /// The exported symbol `symbolName` as a C function type, or nil.
    public func optionalSymbol<T>(_ symbolName: String, as type: T.Type) -> T? {
        dlsym(handle, symbolName).map { unsafeBitCast($0, to: type) }
    }

    /// The exported symbol `symbolName`, or an error naming the library.
    public func symbol<T>(_ symbolName: String, as type: T.Type) throws(LibraryError) -> T {
        guard let function = optionalSymbol(symbolName, as: type) else {
            throw LibraryError(name: name, reason: "symbol \(symbolName) not found")
        }
        return function
    }
}

/// A C library that cannot be opened, or lacks a function: which one, and why.
public struct LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "\(name) cannot be loaded: \(reason)" }
}
