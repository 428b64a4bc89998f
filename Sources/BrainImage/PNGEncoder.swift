internal import CPNG
import Foundation

/// Encodes an `RGBAImage` as PNG in memory through libpng.
public struct PNGEncoder: Sendable {
    /// Speed/size trade-off.
    public enum Compression: String, Sendable, CaseIterable {
        /// zlib level 1 with the SUB filter, deflated on all cores: several times faster than
        /// libpng's defaults.
        case fast
        /// zlib level 4 with the UP filter, deflated on all cores like `fast`: on smooth pictures
        /// (interpolated slices) within about a fifth of `best`'s size at a twentieth of its time.
        case compact
        /// zlib level 9 with adaptive filtering: smallest files.
        case best
    }

    /// Colour type written.
    public enum Channels: Sendable {
        /// RGB; alpha is dropped (use for opaque images).
        case rgb
        /// RGBA, needed for transparent backgrounds.
        case rgba
    }

    public var compression: Compression
    public var channels: Channels
    /// Dots per inch written in a pHYs chunk, so print and layout programs size the image
    /// (nil: no chunk, and programs assume their own default).
    public var dpi: Int?

    /// The accepted `dpi`: a chunk stores pixels per metre as a 32-bit number.
    public static let dpiRange = 1...100_000

    public init(compression: Compression = .fast, channels: Channels = .rgb, dpi: Int? = nil) {
        self.compression = compression
        self.channels = channels
        self.dpi = dpi
    }

    /// Pixels per metre for `dpi` (1 inch = 0.0254 m), as pHYs stores it.
    public static func pixelsPerMetre(dpi: Int) -> UInt32 {
        UInt32((Double(dpi) / 0.0254).rounded())
    }

    /// The PNG file bytes for `image`.
    public func encode(_ image: RGBAImage) -> [UInt8] {
        // RGBAImage's initialisers already guarantee a size libpng accepts and a matching
        // pixel count, so the only error libpng can still raise here is running out of memory.
        precondition(image.pixels.count == image.width * image.height * 4)
        return image.pixels.withUnsafeBufferPointer { buffer in
            encode(width: image.width, height: image.height, topRow: buffer.baseAddress!, rowStride: image.width * 4)
        }
    }

    /// The PNG file bytes for RGBA pixels in memory the caller owns: the top row at `topRow`, row y
    /// `y × rowStride` bytes further (negative for a bottom-up buffer such as GL's, which is then
    /// encoded without a flipped copy). The size must be one `RGBAImage` accepts.
    public func encode(width: Int, height: Int, topRow: UnsafePointer<UInt8>, rowStride: Int) -> [UInt8] {
        precondition((try? RGBAImage.checkSize(width: width, height: height)) != nil && abs(rowStride) >= width * 4)
        let libpng = PNGLibrary.required
        let sink = PNGSink(capacity: width * height + 1024)
        guard let png = libpng.png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, pngFatalError, pngWarning)
        else { fatalError("libpng: cannot create a write struct (out of memory)") }
        var pngOpt: png_structp? = png
        guard let info = libpng.png_create_info_struct(png) else {
            libpng.png_destroy_write_struct(&pngOpt, nil)
            fatalError("libpng: cannot create an info struct (out of memory)")
        }
        var infoOpt: png_infop? = info
        defer { libpng.png_destroy_write_struct(&pngOpt, &infoOpt) }

        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        libpng.png_set_write_fn(png, unmanaged.toOpaque(), pngWrite, pngFlush)

        let colorType = channels == .rgba ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB
        libpng.png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, colorType,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
        if let dpi {
            precondition(Self.dpiRange.contains(dpi))
            let ppm = png_uint_32(Self.pixelsPerMetre(dpi: dpi))
            libpng.png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER)
        }
        switch compression {
        case .fast, .compact:
            // Deflated on all cores; libpng writes the chunks.
            libpng.png_write_info(png, info)
            let stream = PNGScanlineStream(topRow: topRow, rowStride: rowStride, width: width,
                                           height: height, channels: channels == .rgba ? 4 : 3,
                                           method: compression == .fast ? .fast : .compact)
            let idat = stream.deflated()
            libpng.png_write_chunk(png, Array("IDAT".utf8), idat, idat.count)
            libpng.png_write_chunk(png, Array("IEND".utf8), nil, 0)
        case .best:
            libpng.png_set_compression_level(png, 9)
            // PNG_ALL_FILTERS is a compound macro Swift cannot import.
            libpng.png_set_filter(png, 0, PNG_FILTER_NONE | PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_AVG | PNG_FILTER_PAETH)
            libpng.png_write_info(png, info)
            // The source rows are always RGBA; for RGB output libpng strips the fourth byte itself.
            if channels == .rgb { libpng.png_set_filler(png, 0, PNG_FILLER_AFTER) }
            for y in 0..<height { libpng.png_write_row(png, topRow + y * rowStride) }
            libpng.png_write_end(png, nil)
        }
        return sink.bytes
    }
}

/// Growable output buffer handed to libpng's write callback.
private final class PNGSink {
    var bytes: [UInt8] = []
    init(capacity: Int) { bytes.reserveCapacity(capacity) }
}

private let pngWrite: @convention(c) (png_structp?, png_bytep?, Int) -> Void = { png, data, length in
    guard let png, let data, let io = PNGLibrary.required.png_get_io_ptr(png) else { return }
    let sink = Unmanaged<PNGSink>.fromOpaque(io).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
}

private let pngFlush: @convention(c) (png_structp?) -> Void = { _ in }

/// libpng must never return from its error handler (it would longjmp into a frame Swift did not
/// set up, or abort). Callers validate every input first, so only allocation failure can reach
/// this; Swift itself treats running out of memory as fatal, and so do we, with a message.
let pngFatalError: @convention(c) (png_structp?, png_const_charp?) -> Void = { _, message in
    let text = message.map { String(cString: $0) } ?? "unknown error"
    fatalError("libpng: \(text)")
}

/// Warnings (e.g. about ancillary chunks) are harmless for the images we write.
let pngWarning: @convention(c) (png_structp?, png_const_charp?) -> Void = { _, _ in }
