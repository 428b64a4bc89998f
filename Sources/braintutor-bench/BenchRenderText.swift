import CommandLineSupport
import BrainImage
import BrainRender

/// `bench render`'s text figures: loading the font, placing and drawing `--labels`, `--legend`.
struct BenchTextFigures: Encodable {
    /// Reading and opening the font file (once per render).
    let fontLoadMs: Double
    /// Region map from the pick image, distance transform, placement and drawing (warm glyph cache).
    let labelsMs: Double
    let labelCount: Int
    /// Legend entries, choosing the corner and drawing it.
    let legendMs: Double

    var line: String {
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        return "labels, legend    \(f(labelsMs)) ms (\(labelCount) labels), \(f(legendMs)) ms median; font load \(f(fontLoadMs)) ms"
    }

    /// Measured on the pick pass of `scene` drawn by `context`; drawing goes into a blank image.
    static func measure(_ scene: AtlasScene, context: GLContext, timing: Timing) throws -> BenchTextFigures {
        var text: TextRenderer?
        let fontMs = try timing.once { text = try TextRenderer() }
        let renderer = text!
        let index = try context.renderPickImage(scene.scene)
        let (w, h) = (scene.scene.width, scene.scene.height)
        let blank = try RGBAImage(width: w, height: h, fill: RGBA(255, 255, 255))
        let colors = scene.regionColors
        func annotate(labels: Bool, legend: Bool) -> SceneAnnotations {
            let map = RegionMap(index: index) { scene.target(id: $0)?.region }
            let shape = legend ? (try? scene.legendPlacement(map: map, text: renderer))??.shape : nil
            return SceneAnnotations(labels: labels, legend: legend, orientation: false, direction: scene.scene.direction,
                                    width: w, height: h, map: map, colors: colors, text: renderer, legendShape: shape)
        }
        var count = 0
        let n = min(timing.iterations, 10)
        let labelsMs = timing.median(n) {
            var image = blank
            let notes = annotate(labels: true, legend: false)
            notes.draw(into: &image, text: renderer, cueColor: RGBA(0, 0, 0))
            count = notes.labels?.placements.count ?? 0
        }
        let legendMs = timing.median(n) {
            var image = blank
            annotate(labels: false, legend: true).draw(into: &image, text: renderer, cueColor: RGBA(0, 0, 0))
        }
        return BenchTextFigures(fontLoadMs: fontMs, labelsMs: labelsMs, labelCount: count, legendMs: legendMs)
    }
}
