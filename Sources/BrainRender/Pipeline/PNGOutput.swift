import BrainAtlas
import BrainFormats
import BrainImage
import Foundation

extension RenderedImage {
    /// PNG bytes: RGB for an opaque background, RGBA (with alpha) for a transparent one; `dpi`
    /// is written as the image's resolution (`PNGEncoder.dpi`).
    public func png(compression: PNGEncoder.Compression = .fast, transparent: Bool, dpi: Int? = nil) throws -> [UInt8] {
        let image = try RGBAImage(width: width, height: height, pixels: transparent ? straightAlpha() : rgba)
        return PNGEncoder(compression: compression, channels: transparent ? .rgba : .rgb, dpi: dpi).encode(image)
    }

    /// The pixels with colour divided by alpha: PNG stores straight alpha, while the colour pass
    /// leaves premultiplied colour wherever see-through layers cover the transparent background.
    public func straightAlpha() -> [UInt8] {
        var out = rgba
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a < 255 {
                    for k in i..<(i + 3) { p[k] = UInt8(min(255, (Int(p[k]) * 255 + a / 2) / a)) }
                }
                i += 4
            }
        }
        return out
    }
}

extension AtlasScene {
    /// Whether the colour pass gets lines or letters drawn over it. The highlight's outline is
    /// left out of flat renders, which promise exact region colours (as in the web viewer).
    public var hasDecorations: Bool {
        request.outline || request.orientation || request.labels || request.legend
            || (request.shading == .lit && !highlighted.isEmpty) || map != nil
    }
}

extension GLContext {
    /// The colour pass as PNG bytes. An opaque image is encoded straight from the GL buffer
    /// (bottom-up rows read in reverse, no flipped copy); a transparent one needs straight alpha.
    /// `antialias` > 1 supersamples lit renders (`Supersampling`).
    public func renderPNG(_ scene: Scene, shading: Shading, compression: PNGEncoder.Compression = .fast,
                          antialias: Int = 1, dpi: Int? = nil) throws -> [UInt8] {
        let factor = Supersampling.effectiveFactor(antialias, shading: shading, width: scene.width, height: scene.height)
        if factor > 1 {
            return try renderImage(try scene.scaled(by: factor), shading: shading).downsampled(by: factor)
                .png(compression: compression, transparent: scene.background == .transparent, dpi: dpi)
        }
        if scene.background == .transparent {
            return try renderImage(scene, shading: shading).png(compression: compression, transparent: true, dpi: dpi)
        }
        try drawColorPass(scene, shading: shading, scissor: nil)
        let rowBytes = scene.width * 4
        let top = UnsafePointer(pixels!.assumingMemoryBound(to: UInt8.self)) + (scene.height - 1) * rowBytes
        return PNGEncoder(compression: compression, channels: .rgb, dpi: dpi)
            .encode(width: scene.width, height: scene.height, topRow: top, rowStride: -rowBytes)
    }
}

