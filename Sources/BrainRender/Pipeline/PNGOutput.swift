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
    /// The PNG of the colour pass, as `--shading` asks.
    public func png(context: GLContext, compression: PNGEncoder.Compression = .fast) throws -> [UInt8] {
        guard hasDecorations else {
            return try context.renderPNG(scene, shading: request.shading, compression: compression, antialias: request.antialias,
                                         dpi: request.dpi)
        }
        return try image(context: context).png(compression: compression, transparent: scene.background == .transparent,
                                               dpi: request.dpi)
    }

    /// Whether the colour pass gets lines or letters drawn over it. The highlight's outline is
    /// left out of flat renders, which promise exact region colours (as in the web viewer).
    public var hasDecorations: Bool {
        request.outline || request.orientation || request.labels || request.legend
            || (request.shading == .lit && !highlighted.isEmpty)
    }

    /// The colour pass (supersampled as asked) with the outlines drawn before the box filter, so
    /// they come out smooth, from the pick pass at the drawn size (they sit on its borders), and
    /// the text (labels, legend, orientation letters: `SceneAnnotations`) at output size.
    public func image(context: GLContext) throws -> RenderedImage {
        var image = try picture(context: context)
        let text = request.labels || request.legend || request.orientation ? try TextRenderer() : nil
        if let text, let annotations = try annotations(context: context, text: text) {
            image.drawing { annotations.draw(into: &$0, text: text, cueColor: OrientationCue.color(on: scene.background)) }
        }
        return image
    }

    /// The figure as SVG (`SVGFigure`): the colour pass with its outlines as an embedded PNG (the
    /// pixels `png` gives without text), the labels, leaders, legend and letters as SVG elements.
    public func svg(context: GLContext, compression: PNGEncoder.Compression = .fast) throws -> String {
        var image = try picture(context: context)
        var figure = SVGFigure(width: scene.width, height: scene.height)
        let text = request.labels || request.legend || request.orientation ? try TextRenderer() : nil
        if let text, let annotations = try annotations(context: context, text: text) {
            image.drawing { picture in
                annotations.draw(on: &figure, dark: annotations.labels?.darkPlacements(on: picture) ?? [], text: text,
                                 cueColor: OrientationCue.color(on: scene.background))
            }
        }
        let png = try image.png(compression: compression, transparent: scene.background == .transparent, dpi: request.dpi)
        return figure.document(png: png)
    }

    /// The colour pass with its outlines, before any text.
    func picture(context: GLContext) throws -> RenderedImage {
        let factor = Supersampling.effectiveFactor(request.antialias, shading: request.shading,
                                                   width: scene.width, height: scene.height)
        let drawn = factor > 1 ? try scene.scaled(by: factor) : scene
        var image = try context.renderImage(drawn, shading: request.shading)
        let ids = request.shading == .lit ? highlightedIDs : []
        if request.outline || !ids.isEmpty {
            let index = try context.renderPickImage(drawn)
            if request.outline {
                image.paint(BorderLines.allBorders(index), color: BorderLines.color, strength: BorderLines.allBordersStrength)
            }
            if !ids.isEmpty {
                let radius = BorderLines.highlightRadius(width: scene.width, height: scene.height) * factor
                image.paint(BorderLines.highlightBorder(index, highlighted: ids, radius: radius),
                            color: BorderLines.color, strength: 1)
            }
        }
        return image.downsampled(by: factor)
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
        try drawColourPass(scene, shading: shading, scissor: nil)
        let rowBytes = scene.width * 4
        let top = UnsafePointer(pixels!.assumingMemoryBound(to: UInt8.self)) + (scene.height - 1) * rowBytes
        return PNGEncoder(compression: compression, channels: .rgb, dpi: dpi)
            .encode(width: scene.width, height: scene.height, topRow: top, rowStride: -rowBytes)
    }
}

