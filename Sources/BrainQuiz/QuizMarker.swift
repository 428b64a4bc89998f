import BrainAtlas
import BrainRender
import BrainImage

/// A find-mode marker: the numbered disc placed on a question's answer in a worksheet figure.
/// It sits where the anchor projects through the view's camera when the pick image names the
/// answer there; where the anchor is hidden (another region, or nothing, in front), on the
/// answer's visible pixel nearest to that point.
public struct QuizMarker: Sendable, Equatable {
    public let number: Int
    public let x: Int
    public let y: Int

    /// Disc radius and number size per 600 pixels of the shorter image side.
    public static let radiusPer600 = 14
    public static let textSizePer600 = 16

    /// Places question `number`'s marker; nil when the answer has no pixel in `index`.
    public static func place(number: Int, anchor: SIMD3<Float>, camera: Camera, index: IndexImage,
                             answerIDs: Set<UInt32>) -> QuizMarker? {
        let p = camera.project(anchor)
        let px = Int(p.x.rounded(.down)), py = Int(p.y.rounded(.down))
        if (0..<index.width).contains(px), (0..<index.height).contains(py),
           answerIDs.contains(index.ids[py * index.width + px]) {
            return QuizMarker(number: number, x: px, y: py)
        }
        var best: (x: Int, y: Int, d: Int)?
        for y in 0..<index.height {
            for x in 0..<index.width where answerIDs.contains(index.ids[y * index.width + x]) {
                let d = (x - px) * (x - px) + (y - py) * (y - py)
                if d < (best?.d ?? Int.max) { best = (x, y, d) }
            }
        }
        return best.map { QuizMarker(number: number, x: $0.x, y: $0.y) }
    }

    /// The disc (white, dark ring) and its number, centred on the marker.
    public func draw(into image: inout RGBAImage, text: TextRenderer) {
        let side = min(image.width, image.height)
        let radius = max(6, Self.radiusPer600 * side / 600)
        let ring = max(2, radius / 6)
        let dark = RGBA(20, 20, 28), light = RGBA(255, 255, 255)
        let size = 2 * radius + 3
        var disc = [UInt8](repeating: 0, count: size * size), ringMask = disc
        for dy in 0..<size {
            for dx in 0..<size {
                // Coverage from the distance to the centre, one pixel of soft edge.
                let fx = Double(dx - radius - 1), fy = Double(dy - radius - 1)
                let d = (fx * fx + fy * fy).squareRoot()
                let outer = min(1, max(0, Double(radius) + 0.5 - d))
                let inner = min(1, max(0, Double(radius - ring) + 0.5 - d))
                ringMask[dy * size + dx] = UInt8((outer * 255).rounded())
                disc[dy * size + dx] = UInt8((inner * 255).rounded())
            }
        }
        let origin = -(radius + 1)
        image.blend(CoverageMask(width: size, height: size, originX: origin, originY: origin, coverage: ringMask),
                    x: x, y: y, color: dark)
        image.blend(CoverageMask(width: size, height: size, originX: origin, originY: origin, coverage: disc),
                    x: x, y: y, color: light)
        let line = text.layout(String(number), size: max(8, Self.textSizePer600 * side / 600))
        text.draw(line, x: x - line.advance / 2, baseline: y + (line.ascent - line.descent) / 2, color: dark, into: &image)
    }
}
