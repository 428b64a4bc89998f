internal import CPNG

/// libpng's functions, from the library opened on the first PNG written or read (members are
/// named after the C functions they call).
struct PNGLibrary: @unchecked Sendable {
    // @unchecked: C function pointers from dlsym are not Sendable in Swift; they never change.
    static let libraryName = "libpng16.so.16"
    static let packages = "Debian/Ubuntu: libpng16-16; Fedora: libpng; Arch: libpng"

    let png_create_write_struct: png_create_write_struct_function
    let png_create_info_struct: png_create_info_struct_function
    let png_destroy_write_struct: png_destroy_write_struct_function
    let png_set_write_fn: png_set_write_fn_function
    let png_get_io_ptr: png_get_io_ptr_function
    let png_set_IHDR: png_set_IHDR_function
    let png_set_pHYs: png_set_pHYs_function
    let png_set_compression_level: png_set_compression_level_function
    let png_set_filter: png_set_filter_function
    let png_set_filler: png_set_filler_function
    let png_write_info: png_write_info_function
    let png_write_chunk: png_write_chunk_function
    let png_write_row: png_write_row_function
    let png_write_end: png_write_end_function
    let png_image_begin_read_from_memory: png_image_begin_read_from_memory_function
    let png_image_finish_read: png_image_finish_read_function
    let png_image_free: png_image_free_function

    /// The process-wide library, opened on first use.
    static func shared() throws(LibraryError) -> PNGLibrary { try loaded.get() }

    /// For callers that cannot throw: a missing libpng is an installation fault, reported by name.
    static var required: PNGLibrary {
        switch loaded {
        case .success(let library): return library
        case .failure(let error): fatalError("\(error)")
        }
    }

    private static let loaded = Result { () throws(LibraryError) in try PNGLibrary() }

    private init() throws(LibraryError) {
        let lib = try SharedLibrary(Self.libraryName, packages: Self.packages)
        png_create_write_struct = try lib.symbol("png_create_write_struct", as: png_create_write_struct_function.self)
        png_create_info_struct = try lib.symbol("png_create_info_struct", as: png_create_info_struct_function.self)
        png_destroy_write_struct = try lib.symbol("png_destroy_write_struct", as: png_destroy_write_struct_function.self)
        png_set_write_fn = try lib.symbol("png_set_write_fn", as: png_set_write_fn_function.self)
        png_get_io_ptr = try lib.symbol("png_get_io_ptr", as: png_get_io_ptr_function.self)
        png_set_IHDR = try lib.symbol("png_set_IHDR", as: png_set_IHDR_function.self)
        png_set_pHYs = try lib.symbol("png_set_pHYs", as: png_set_pHYs_function.self)
        png_set_compression_level = try lib.symbol("png_set_compression_level", as: png_set_compression_level_function.self)
        png_set_filter = try lib.symbol("png_set_filter", as: png_set_filter_function.self)
        png_set_filler = try lib.symbol("png_set_filler", as: png_set_filler_function.self)
        png_write_info = try lib.symbol("png_write_info", as: png_write_info_function.self)
        png_write_chunk = try lib.symbol("png_write_chunk", as: png_write_chunk_function.self)
        png_write_row = try lib.symbol("png_write_row", as: png_write_row_function.self)
        png_write_end = try lib.symbol("png_write_end", as: png_write_end_function.self)
        png_image_begin_read_from_memory = try lib.symbol("png_image_begin_read_from_memory",
                                                          as: png_image_begin_read_from_memory_function.self)
        png_image_finish_read = try lib.symbol("png_image_finish_read", as: png_image_finish_read_function.self)
        png_image_free = try lib.symbol("png_image_free", as: png_image_free_function.self)
    }
}
