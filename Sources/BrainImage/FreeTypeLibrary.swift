internal import CFreeType

/// FreeType's functions, from the library opened when the first font is (members are named
/// after the C functions they call).
struct FreeTypeLibrary: @unchecked Sendable {
    // @unchecked: C function pointers from dlsym are not Sendable in Swift; they never change.
    static let libraryName = "libfreetype.so.6"
    static let packages = "Debian/Ubuntu: libfreetype6; Fedora: freetype; Arch: freetype2"

    let FT_Init_FreeType: FT_Init_FreeType_function
    let FT_Done_FreeType: FT_Done_FreeType_function
    let FT_New_Memory_Face: FT_New_Memory_Face_function
    let FT_Done_Face: FT_Done_Face_function
    let FT_Set_Pixel_Sizes: FT_Set_Pixel_Sizes_function
    let FT_Get_Char_Index: FT_Get_Char_Index_function
    let FT_Load_Glyph: FT_Load_Glyph_function
    let FT_Get_Kerning: FT_Get_Kerning_function

    /// The process-wide library, opened on first use.
    static func shared() throws(LibraryError) -> FreeTypeLibrary { try loaded.get() }

    private static let loaded = Result { () throws(LibraryError) in try FreeTypeLibrary() }

    private init() throws(LibraryError) {
        let lib = try SharedLibrary(Self.libraryName, packages: Self.packages)
        FT_Init_FreeType = try lib.symbol("FT_Init_FreeType", as: FT_Init_FreeType_function.self)
        FT_Done_FreeType = try lib.symbol("FT_Done_FreeType", as: FT_Done_FreeType_function.self)
        FT_New_Memory_Face = try lib.symbol("FT_New_Memory_Face", as: FT_New_Memory_Face_function.self)
        FT_Done_Face = try lib.symbol("FT_Done_Face", as: FT_Done_Face_function.self)
        FT_Set_Pixel_Sizes = try lib.symbol("FT_Set_Pixel_Sizes", as: FT_Set_Pixel_Sizes_function.self)
        FT_Get_Char_Index = try lib.symbol("FT_Get_Char_Index", as: FT_Get_Char_Index_function.self)
        FT_Load_Glyph = try lib.symbol("FT_Load_Glyph", as: FT_Load_Glyph_function.self)
        FT_Get_Kerning = try lib.symbol("FT_Get_Kerning", as: FT_Get_Kerning_function.self)
    }
}
