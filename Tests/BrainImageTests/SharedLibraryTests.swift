import Testing
@testable import BrainImage

/// Libraries opened on first use: present ones give their functions, missing ones a message
/// naming the library and the packages that provide it.
@Suite struct SharedLibraryTests {
    @Test func missingLibraryNamesItAndItsPackages() {
        #expect(throws: LibraryError.self) { try SharedLibrary("libNoSuchLibrary.so.1", packages: "no-such-package") }
        do {
            _ = try SharedLibrary("libNoSuchLibrary.so.1", packages: "no-such-package")
        } catch {
            #expect(error.name == "libNoSuchLibrary.so.1")
            #expect(error.description.hasPrefix("libNoSuchLibrary.so.1 cannot be loaded: "))
            #expect(error.reason.hasSuffix("(it comes in no-such-package)"))
        }
    }

    @Test func missingFunctionIsNamed() throws {
        let library = try SharedLibrary(PNGLibrary.libraryName, packages: PNGLibrary.packages)
        #expect(throws: LibraryError(name: PNGLibrary.libraryName, reason: "symbol png_no_such_function not found")) {
            try library.symbol("png_no_such_function", as: UnsafeRawPointer.self)
        }
        #expect(library.optionalSymbol("png_write_row", as: UnsafeRawPointer.self) != nil)
    }

    @Test func pngAndFreeTypeLoadOnDemand() throws {
        _ = try PNGLibrary.shared()
        _ = try FreeTypeLibrary.shared()
    }
}
