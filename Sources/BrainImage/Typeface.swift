internal import CFreeType
import Foundation

/// A font file's bytes, checked by FreeType when loaded, shared by every `TextRenderer` made from it.
///
/// The project draws with the system's DejaVu Sans (free licence, not bundled); `$BRAINTUTOR_FONT`
/// names another file and, when set, is the only place looked at so that a mistake is never hidden.
public struct Typeface: Sendable {
    /// Regular for labels and letters, bold for headings.
    public enum Weight: Sendable {
        case regular, bold
        var fileName: String { self == .regular ? "DejaVuSans.ttf" : "DejaVuSans-Bold.ttf" }
    }

    /// The environment variable that overrides the font file (both weights).
    public static let environmentKey = "BRAINTUTOR_FONT"
    /// Where distributions install DejaVu Sans: Debian/Ubuntu, Fedora (new and old), Arch, then macOS Homebrew.
    public static let searchDirectories = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/dejavu-sans-fonts",
        "/usr/share/fonts/dejavu",
        "/usr/share/fonts/TTF",
        "/opt/homebrew/share/fonts",
    ]

    public let path: String
    let bytes: [UInt8]

    /// The system font of `weight` from the first of `directories` that has it, or the file named
    /// by `$BRAINTUTOR_FONT` in `environment`.
    public static func system(_ weight: Weight = .regular,
                              environment: [String: String] = ProcessInfo.processInfo.environment,
                              directories: [String] = searchDirectories) throws(TextError) -> Typeface {
        if let override = environment[environmentKey], !override.isEmpty {
            return try Typeface(path: override)
        }
        let candidates = directories.map { $0 + "/" + weight.fileName }
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            return try Typeface(path: path)
        }
        throw .fontNotFound(tried: candidates)
    }

    /// Reads the font at `path` and checks that FreeType can open it as a scalable font.
    public init(path: String) throws(TextError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .unreadableFont(path: path, message: "no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFont(path: path, message: "cannot be read")
        }
        self.path = path
        bytes = [UInt8](data)
        _ = try FontFace(self)  // fail here, naming the file, rather than at the first label
    }
}

/// One FreeType library and face over a typeface's bytes; the handles are freed with it.
final class FontFace {
    let freeType: FreeTypeLibrary
    let library: FT_Library
    let face: FT_Face
    private let bytes: UnsafeMutableBufferPointer<UInt8>  // FreeType reads the font from here lazily
    private(set) var pixelSize = 0

    init(_ typeface: Typeface) throws(TextError) {
        let freeType: FreeTypeLibrary
        do { freeType = try FreeTypeLibrary.shared() } catch { throw .library(error) }
        var lib: FT_Library?
        let status = freeType.FT_Init_FreeType(&lib)
        guard status == 0, let lib else { throw .freeType(operation: "FT_Init_FreeType", code: status) }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, typeface.bytes.count))
        _ = copy.initialize(from: typeface.bytes)
        var f: FT_Face?
        let opened = freeType.FT_New_Memory_Face(lib, copy.baseAddress, FT_Long(typeface.bytes.count), 0, &f)
        guard opened == 0, let f else {
            _ = freeType.FT_Done_FreeType(lib); copy.deallocate()
            throw .unreadableFont(path: typeface.path, message: "not a font FreeType can open (error \(opened))")
        }
        guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            _ = freeType.FT_Done_Face(f); _ = freeType.FT_Done_FreeType(lib); copy.deallocate()
            throw .unreadableFont(path: typeface.path, message: "not a scalable (outline) font")
        }
        self.freeType = freeType
        library = lib; face = f; bytes = copy
    }

    deinit {
        _ = freeType.FT_Done_Face(face)
        _ = freeType.FT_Done_FreeType(library)
        bytes.deallocate()
    }

    /// Sets the em size in pixels when it differs from the current one.
    func use(size: Int) {
        guard size != pixelSize else { return }
        _ = freeType.FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
        pixelSize = size
    }

    var isBold: Bool { face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 }

    var hasKerning: Bool { face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 }
}
