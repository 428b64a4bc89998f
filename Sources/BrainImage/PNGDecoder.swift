internal import CPNG
import Foundation

/// Decodes PNG data of any colour type and bit depth into an `RGBAImage`.
///
/// Uses libpng's simplified API, which keeps its `setjmp` inside libpng's own C frames,
/// so malformed data becomes a thrown `ImageError` rather than a jump through Swift code.
public enum PNGDecoder {
    /// Decodes PNG bytes; `source` names where they came from in error messages.
    public static func decode(_ bytes: [UInt8], source: String = "PNG data") throws(ImageError) -> RGBAImage {
        let libpng: PNGLibrary
        do { libpng = try PNGLibrary.shared() } catch { throw .decode(source: source, message: "\(error)") }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return 0 }
            return libpng.png_image_begin_read_from_memory(&image, base, raw.count)
        }
        guard began != 0 else {
            let message = bytes.isEmpty ? "empty" : messageOf(&image)
            libpng.png_image_free(&image)
            throw .decode(source: source, message: message)
        }
        let width = Int(image.width), height = Int(image.height)
        // Checked before allocating, so a lying header cannot ask for gigabytes.
        do { try RGBAImage.checkSize(width: width, height: height) } catch {
            libpng.png_image_free(&image)
            throw .decode(source: source, message: "IHDR: \(width) × \(height) pixels is too large")
        }
        // PNG_FORMAT_RGBA is a compound macro Swift cannot import.
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = bytes.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { out in
                libpng.png_image_finish_read(&image, nil, out.baseAddress, png_int_32(width * 4), nil)
            }
        }
        guard finished != 0 else {
            let message = messageOf(&image)
            libpng.png_image_free(&image)
            throw .decode(source: source, message: message)
        }
        libpng.png_image_free(&image)
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Reads and decodes a PNG file.
    public static func decode(contentsOf url: URL) throws(ImageError) -> RGBAImage {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(path: url.path, message: "cannot read: \(error.localizedDescription)")
        }
        return try decode([UInt8](data), source: url.lastPathComponent)
    }

    private static func messageOf(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let chars = raw.bindMemory(to: CChar.self)
            let end = chars.firstIndex(of: 0) ?? chars.count
            return String(decoding: raw.prefix(end), as: UTF8.self)
        }
    }
}
