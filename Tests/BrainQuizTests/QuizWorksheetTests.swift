import BrainAtlas
import BrainFormats
import BrainImage
import Foundation
import Testing
import BrainRender
@testable import BrainQuiz

/// The worksheet's pictures: the answer's colour where the pick pass names the answer (name
/// mode), markers on the answer's pixels (find mode).
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct QuizWorksheetTests {
    static func request(_ mode: String, seed: String) throws -> QuizRequest {
        let fields = ["count": "3", "seed": seed, "mode": mode]
        return try QuizRequest(fields, library: BundledAtlas.assets!.library)
    }

    /// Whether a pixel shows `color` as lit shading draws it: lighting scales a colour and adds
    /// some white, so its channel ratios stay near the colour's and it keeps most of its
    /// saturation (the dimmed, white-mixed regions around a highlight lose it).
    static func shows(_ p: RGBA, _ color: RGB) -> Bool {
        func parts(_ r: Double, _ g: Double, _ b: Double) -> (ratios: [Double], saturation: Double) {
            let lo = min(r, g, b), hi = max(r, g, b), span = max(hi - lo, 1)
            return ([(r - lo) / span, (g - lo) / span, (b - lo) / span], (hi - lo) / max(hi, 1))
        }
        let want = parts(Double(color.r), Double(color.g), Double(color.b))
        let got = parts(Double(p.r), Double(p.g), Double(p.b))
        return zip(got.ratios, want.ratios).allSatisfy { abs($0 - $1) < 0.2 } && got.saturation >= 0.6 * want.saturation
    }

    /// Share of the pixels where the pick image holds one of `ids` (or, `inverted`, another
    /// region) that show `color`.
    static func matching(_ image: RGBAImage, _ index: IndexImage, ids: Set<UInt32>, color: RGB, inverted: Bool = false) -> Double {
        var hit = 0, total = 0
        for y in 0..<index.height {
            for x in 0..<index.width {
                let id = index.ids[y * index.width + x]
                guard id != 0, ids.contains(id) != inverted else { continue }
                total += 1
                if shows(image[x, y], color) { hit += 1 }
            }
        }
        return total == 0 ? 0 : Double(hit) / Double(total)
    }

    @Test func nameModeImagesShowTheAnswersColorWherePickNamesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = try QuizWorksheet.write(try Self.request("name", seed: "4"), format: .md, out: folder.path,
                                              library: BundledAtlas.assets!.library)
        let context = try GLContext(width: QuizWorksheet.imageWidth, height: QuizWorksheet.imageHeight)
        for (q, place) in zip(answers.quiz.questions, answers.placements) {
            let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent(place.file))
            let scene = try AtlasScene.build(try QuizWorksheet.highlightRequest(q, atlas: "gyri"), assets: BundledAtlas.assets!)
            let index = try context.renderPickImage(scene.scene)
            #expect(image.width == index.width && image.height == index.height)
            var ids = Set<UInt32>()
            for id in Set(index.ids) where scene.target(id: id)?.region == q.answer { ids.insert(id) }
            #expect(!ids.isEmpty)
            let own = Self.matching(image, index, ids: ids, color: q.answer.color)
            #expect(own > 0.6, "\(place.file): \(own) of \(q.answer.displayName)'s pixels in its colour")
            // The check can fail: elsewhere on the brain the answer's colour is absent.
            let elsewhere = Self.matching(image, index, ids: ids, color: q.answer.color, inverted: true)
            #expect(elsewhere < 0.05, "\(place.file): \(elsewhere) of the other pixels in the answer's colour")
        }
        let md = try String(contentsOf: folder.appendingPathComponent("worksheet.md"), encoding: .utf8)
        #expect(md.contains("![Question 1](q01.png)") && md.contains("- D) "))
    }

    @Test func findModeMarkersLieOnTheAnswer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = try QuizWorksheet.write(try Self.request("find", seed: "8"), format: .html, out: folder.path,
                                              library: BundledAtlas.assets!.library)
        let context = try GLContext(width: QuizWorksheet.imageWidth, height: QuizWorksheet.imageHeight)
        for (q, place) in zip(answers.quiz.questions, answers.placements) {
            let marker = try #require(place.marker)
            #expect(place.file == QuizWorksheet.fileName(view: q.view))
            let scene = try AtlasScene.build(try q.view.sceneRequest(atlas: "gyri", width: QuizWorksheet.imageWidth,
                                                                 height: QuizWorksheet.imageHeight), assets: BundledAtlas.assets!)
            let index = try context.renderPickImage(scene.scene)
            let id = try index.id(x: marker[0], y: marker[1])
            #expect(scene.target(id: id)?.region == q.answer, "marker \(q.number) at \(marker)")
            // The disc is drawn there: white inside, a dark ring around.
            let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent(place.file))
            let radius = QuizMarker.radiusPer600 * QuizWorksheet.imageHeight / 600
            let ringX = min(image.width - 1, marker[0] + radius - 1)
            #expect(image[ringX, marker[1]].r < 80, "ring at \(ringX)")
        }
        let html = try String(contentsOf: folder.appendingPathComponent("worksheet.html"), encoding: .utf8)
        #expect(html.contains("data:image/png;base64,") && html.contains(".key{page-break-before:always"))
    }
}
