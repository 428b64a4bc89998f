import BrainAtlas
import BrainImage
import Foundation
import Synchronization

/// One request's drawn frame: the scene as framed (room made for a legend, once), and what the
/// request's answers are made of, each drawn or made at most once, on first use: the pick pass at
/// output size, its region map, the text renderer and the decorated colour image. Render,
/// `--json`, pick, the quiz and the server's scene cache all go through it, so the decorations,
/// the report and the picks of one request share one pick pass.
public struct DrawnFrame: Sendable {
    /// The scene as drawn (framed beside its legend when it has one).
    public let scene: AtlasScene
    /// The legend's corner and rows, chosen with the framing (nil without a legend).
    public let legendShape: LegendShape?
    /// Full pick passes drawn for this frame so far, the legend's framing pass included: the
    /// count that shows no caller draws one twice.
    public private(set) var pickPasses = 0
    private var index: IndexImage?
    private var map: RegionMap?
    private var color: RenderedImage?
    private var text: FrameText?

    /// Frames `scene` for its request. With a legend this draws the pick pass at the full framing
    /// to see where the brain is (`AtlasScene.legendPlacement`); when the framing stays whole,
    /// that pass is the frame's pick pass, else the brain moves and the frame draws its own later.
    public init(_ scene: AtlasScene, context: GLContext) throws {
        guard scene.request.legend, scene.scene.framingArea == .whole else {
            (self.scene, legendShape) = (scene, nil)
            return
        }
        let index = try context.renderPickImage(scene.scene)
        let map = RegionMap(index: index) { scene.target(id: $0)?.region }
        let text = try FrameText()
        let placement = try text.use { try scene.legendPlacement(map: map, text: $0) }
        self.scene = try scene.framed(in: placement?.area ?? .whole)
        legendShape = placement?.shape
        pickPasses = 1
        self.text = text
        if self.scene.scene.framingArea == scene.scene.framingArea { (self.index, self.map) = (index, map) }
    }

    /// The pick pass at output size.
    public mutating func indexImage(context: GLContext) throws -> IndexImage {
        if let index { return index }
        let drawn = try context.renderPickImage(scene.scene)
        pickPasses += 1
        index = drawn
        return drawn
    }

    /// The pick pass if it has been drawn already (no GL needed to read it).
    public var drawnIndex: IndexImage? { index }

    /// The visible regions of the pick pass (labels, legend).
    public mutating func regionMap(context: GLContext) throws -> RegionMap {
        if let map { return map }
        let index = try indexImage(context: context)
        let made = RegionMap(index: index) { [scene] in scene.target(id: $0)?.region }
        map = made
        return made
    }

    /// `render --json`'s report of the visible regions.
    public mutating func report(context: GLContext, out: String?) throws -> RenderReport {
        RenderReport(scene: scene, index: try indexImage(context: context), out: out)
    }

    /// The PNG of the colour pass, as the request asks (`--shading`, `--aa`, `--dpi`, decorations).
    public mutating func png(context: GLContext, compression: PNGEncoder.Compression = .fast) throws -> [UInt8] {
        let request = scene.request
        guard scene.hasDecorations else {
            return try context.renderPNG(scene.scene, shading: request.shading, compression: compression,
                                         antialias: request.antialias, dpi: request.dpi)
        }
        return try image(context: context).png(compression: compression, transparent: scene.scene.background == .transparent,
                                               dpi: request.dpi)
    }

    /// The colour pass (supersampled as asked) with the outlines drawn before the box filter, so
    /// they come out smooth, from the pick pass at the drawn size (they sit on its borders), and
    /// the text (labels, legend, orientation letters: `SceneAnnotations`) at output size.
    public mutating func image(context: GLContext) throws -> RenderedImage {
        if let color { return color }
        var image = try picture(context: context)
        if let notes = try annotations(context: context), let text {
            text.use { renderer in
                image.drawing { notes.draw(into: &$0, text: renderer, cueColor: OrientationCue.color(on: scene.scene.background)) }
            }
        }
        if scene.map != nil {
            let text = try self.text ?? FrameText()
            self.text = text
            let drawnScene = scene
            text.use { renderer in image.drawing { drawnScene.drawColorBar(on: &$0, text: renderer) } }
        }
        color = image
        return image
    }

    /// The figure as SVG (`SVGFigure`): the colour pass with its outlines as an embedded PNG (the
    /// pixels `png` gives without text), the labels, leaders, legend, colour bar and letters as SVG elements.
    public mutating func svg(context: GLContext, compression: PNGEncoder.Compression = .fast) throws -> String {
        var figure = SVGFigure(width: scene.scene.width, height: scene.scene.height)
        let image = try vector(&figure, context: context)
        let png = try image.png(compression: compression, transparent: scene.scene.background == .transparent,
                                dpi: scene.request.dpi)
        return figure.document(png: png)
    }

    /// The figure as a one-page PDF (`PDFFigure`): the same picture as `svg` embeds, as a
    /// compressed image, with the labels, leaders, legend and letters as PDF text and paths.
    public mutating func pdf(context: GLContext) throws -> [UInt8] {
        var figure = PDFFigure(width: scene.scene.width, height: scene.scene.height)
        let image = try vector(&figure, context: context)
        let transparent = scene.scene.background == .transparent
        return try figure.document(rgba: transparent ? image.straightAlpha() : image.rgba, transparent: transparent,
                                   dpi: scene.request.dpi)
    }

    /// The picture without text, its annotations recorded on `figure` (a vector canvas).
    private mutating func vector<C: FigureCanvas>(_ figure: inout C, context: GLContext) throws -> RenderedImage {
        var image = try picture(context: context)
        if let notes = try annotations(context: context), let text {
            let cue = OrientationCue.color(on: scene.scene.background)
            text.use { renderer in
                image.drawing { picture in
                    notes.draw(on: &figure, dark: notes.labels?.darkPlacements(on: picture) ?? [], text: renderer, cueColor: cue)
                }
            }
        }
        if scene.map != nil {
            let text = try self.text ?? FrameText()
            self.text = text
            text.use { scene.drawColorBar(on: &figure, text: $0) }
        }
        return image
    }

    /// The colour pass with its outlines, before any text.
    private mutating func picture(context: GLContext) throws -> RenderedImage {
        let request = scene.request, plain = scene.scene
        let factor = Supersampling.effectiveFactor(request.antialias, shading: request.shading,
                                                   width: plain.width, height: plain.height)
        let drawn = factor > 1 ? try plain.scaled(by: factor) : plain
        var image = try context.renderImage(drawn, shading: request.shading)
        let ids = request.shading == .lit ? scene.highlightedIDs : []
        if request.outline || !ids.isEmpty {
            // At output size the frame's own pass serves; supersampled lines need one at that size.
            let index: IndexImage
            if factor == 1 { index = try indexImage(context: context) } else {
                index = try context.renderPickImage(drawn)
                pickPasses += 1
            }
            if request.outline {
                image.paint(BorderLines.allBorders(index), color: BorderLines.color, strength: BorderLines.allBordersStrength)
            }
            if !ids.isEmpty {
                let radius = BorderLines.highlightRadius(width: plain.width, height: plain.height) * factor
                image.paint(BorderLines.highlightBorder(index, highlighted: ids, radius: radius),
                            color: BorderLines.color, strength: 1)
            }
        }
        return image.downsampled(by: factor)
    }

    /// The text decorations the request asks for, laid out on this frame (nil when none).
    public mutating func annotations(context: GLContext) throws -> SceneAnnotations? {
        let request = scene.request
        guard request.labels || request.legend || request.orientation else { return nil }
        let map = request.labels || request.legend ? try regionMap(context: context) : nil
        let text = try self.text ?? FrameText()
        self.text = text
        let (scene, shape) = (self.scene, legendShape)
        return text.use { renderer in
            SceneAnnotations(labels: request.labels, legend: request.legend, orientation: request.orientation,
                             direction: scene.scene.direction, width: scene.scene.width, height: scene.scene.height,
                             map: map, colors: scene.regionColors, text: renderer, legendShape: shape,
                             emphasised: scene.highlighted,
                             reserved: scene.colorBarLayout(text: renderer).map { [$0.layout.box] } ?? [])
        }
    }
}

/// The frame's one text renderer. A `TextRenderer` keeps a glyph cache and is not `Sendable`;
/// every use holds the mutex, so a finished frame can travel (the server's cache) while its text
/// is drawn by one thread at a time.
final class FrameText: @unchecked Sendable {
    // @unchecked: the renderer is only touched inside `lock`. It cannot live in the Mutex itself:
    // what is laid out with it (SceneAnnotations) is not Sendable either, and a Mutex hands back
    // only values it can prove are disconnected from what it guards.
    private let lock = Mutex(())
    private let renderer: TextRenderer

    init() throws { renderer = try TextRenderer() }

    func use<T>(_ body: (TextRenderer) throws -> T) rethrows -> T {
        try lock.withLock { _ in try body(renderer) }
    }
}

extension AtlasScene {
    /// The PNG of this scene's own frame, for a caller that needs nothing else from it.
    public func png(context: GLContext, compression: PNGEncoder.Compression = .fast) throws -> [UInt8] {
        var frame = try DrawnFrame(self, context: context)
        return try frame.png(context: context, compression: compression)
    }

    /// The decorated colour image of this scene's own frame, for a caller that needs nothing else from it.
    public func image(context: GLContext) throws -> RenderedImage {
        var frame = try DrawnFrame(self, context: context)
        return try frame.image(context: context)
    }
}
