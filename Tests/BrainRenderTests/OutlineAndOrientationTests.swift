import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainRender

/// `--outline`, the highlight's outline and `--orientation` on the bundled atlas: lines sit on the
/// pick pass's region borders, letters name the view's directions (skipped without AtlasData).
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct OutlineAndOrientationTests {
    static let (width, height) = (256, 192)

    static func request(shading: Shading = .flat, _ more: [String: String] = [:]) throws -> SceneRequest {
        try AtlasViewTests.request("gyri", .lateral, .left,
                                   ["size": "\(width)x\(height)", "shading": shading.rawValue, "aa": "off"].merging(more) { $1 })
    }

    /// The decorated image, the same scene's undecorated colour pass, and its pick image.
    static func draw(_ request: SceneRequest) throws -> (AtlasScene, RenderedImage, RenderedImage, IndexImage) {
        let scene = try AtlasScene.build(request, assets: BundledAtlas.assets!)
        let context = try GLContext(width: request.width, height: request.height)
        let decorated = try scene.image(context: context)
        let plain = try context.renderImage(scene.scene, shading: request.shading)
        return (scene, decorated, plain, try context.renderPickImage(scene.scene))
    }

    /// Indices of pixels that differ between two images of one size.
    static func changed(_ a: RenderedImage, _ b: RenderedImage) -> Set<Int> {
        var out: Set<Int> = []
        for i in 0..<(a.width * a.height) {
            let k = 4 * i
            if a.rgba[k] != b.rgba[k] || a.rgba[k + 1] != b.rgba[k + 1] || a.rgba[k + 2] != b.rgba[k + 2]
                || a.rgba[k + 3] != b.rgba[k + 3] { out.insert(i) }
        }
        return out
    }

    /// The 4-neighbours of pixel i inside the image.
    static func neighbours(_ i: Int) -> [Int] {
        let (x, y) = (i % width, i / width)
        return [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .filter { $0.0 >= 0 && $0.1 >= 0 && $0.0 < width && $0.1 < height }.map { $0.1 * width + $0.0 }
    }

    @Test func outlineDarkensExactlyThePixelsWhereThePickIdChanges() throws {
        let request = try Self.request(["outline": "on"])
        let (_, decorated, plain, index) = try Self.draw(request)
        let ids = index.ids
        let expected = Set(ids.indices.filter { i in
            ids[i] != 0 && Self.neighbours(i).contains { ids[$0] != 0 && ids[$0] != ids[i] }
        })
        #expect(expected.count > 500, "the lateral gyri have many borders: \(expected.count)")
        #expect(Self.changed(decorated, plain) == expected)
        // Darker, and the inside of regions and the background untouched.
        for i in expected.prefix(200) {
            #expect(decorated.rgba[4 * i] < plain.rgba[4 * i] || plain.rgba[4 * i] <= BorderLines.color.r)
        }
    }

    @Test func highlightOutlineRingsTheHighlightedRegionInLitRenders() throws {
        let request = try Self.request(shading: .lit, ["highlight": "precentral"])
        let (scene, decorated, plain, index) = try Self.draw(request)
        let lit = scene.highlightedIDs
        #expect(!lit.isEmpty)
        #expect(lit.allSatisfy { scene.target(id: $0)?.region?.sourceLabel.contains("precentral") == true })
        let changed = Self.changed(decorated, plain)
        #expect(changed.count > 100)
        for i in changed {
            // On the region's edge: one side in the highlight, a neighbour on the other side.
            let inside = lit.contains(index.ids[i])
            #expect(Self.neighbours(i).contains { lit.contains(index.ids[$0]) != inside }, "pixel \(i)")
            let c = BorderLines.color
            #expect(Array(decorated.rgba[(4 * i)..<(4 * i + 3)]) == [c.r, c.g, c.b])
        }
        // Flat renders keep exact region colours: no outline unless --outline asks.
        let flat = try request.with(["shading": "flat"])
        let flatScene = try AtlasScene.build(flat, assets: BundledAtlas.assets!)
        #expect(!flatScene.hasDecorations)
    }

    @Test func supersampledOutlineStaysOnTheBorders() throws {
        let request = try Self.request(shading: .lit, ["aa": "on", "outline": "on"])
        let scene = try AtlasScene.build(request, assets: BundledAtlas.assets!)
        let context = try GLContext(width: request.width, height: request.height)
        let decorated = try scene.image(context: context)
        let plain = try context.renderImage(try scene.scene.scaled(by: 2), shading: .lit).downsampled(by: 2)
        let index = try context.renderPickImage(scene.scene)
        // Drawn at twice the size and box-filtered: every touched pixel is within one pixel of an
        // id change of the output-size pick image (silhouettes included: samples differ there).
        let edges = BorderLines.mask(index) { $0 != $1 }
        let near = BorderLines.widened(edges, width: Self.width, height: Self.height, radius: 1)
        let changed = Self.changed(decorated, plain)
        #expect(changed.count > 300)
        #expect(changed.allSatisfy { near[$0] })
    }

    @Test func highlightOutlineWidensOnLargeImages() {
        #expect(BorderLines.highlightRadius(width: 256, height: 192) == 0)
        #expect(BorderLines.highlightRadius(width: 1024, height: 768) == 1)
        var marks = [Bool](repeating: false, count: 25)
        marks[0] = true
        marks[12] = true
        let wide = BorderLines.widened(marks, width: 5, height: 5, radius: 1)
        // The corner mark covers 2 × 2 (clipped), the centre 3 × 3; they share pixel (1, 1).
        #expect(wide.filter { $0 }.count == 4 + 9 - 1)
        #expect(!wide[4] && !wide[24] && wide[6] && wide[18])
    }

    @Test func orientationLettersFollowTheCamera() {
        let left = OrientationCue.letters(.named(.lateral, hemisphereIsLeft: true))
        #expect([left.right, left.left, left.up, left.down] == ["P", "A", "S", "I"])
        let right = OrientationCue.letters(.named(.lateral, hemisphereIsLeft: false))
        #expect([right.right, right.left] == ["A", "P"])
        let superior = OrientationCue.letters(.named(.superior, hemisphereIsLeft: true))
        #expect([superior.right, superior.left, superior.up, superior.down] == ["R", "L", "A", "P"])
        // Facing the subject: their left is on the image's right.
        let anterior = OrientationCue.letters(.named(.anterior, hemisphereIsLeft: true))
        #expect([anterior.right, anterior.up] == ["L", "S"])
        let angled = OrientationCue.letters(.angles(azimuth: 90, elevation: 0))
        #expect([angled.right, angled.left] == ["A", "P"])
    }

    @Test func orientationCueIsDrawnInTheBottomLeftCorner() throws {
        let request = try Self.request(["orientation": "on"])
        let (scene, decorated, plain, index) = try Self.draw(request)
        let cue = OrientationCue(direction: scene.scene.direction, width: Self.width, height: Self.height,
                                 text: try TextRenderer())
        // Lateral view of the left hemisphere: anterior on the left, posterior on the right.
        let a = try #require(cue.letters.first { $0.letter == "A" })
        let p = try #require(cue.letters.first { $0.letter == "P" })
        #expect(a.x < p.x && a.y == p.y)
        let changed = Self.changed(decorated, plain)
        let box = cue.box
        #expect(changed.allSatisfy { box.contains(x: $0 % Self.width, y: $0 / Self.width) })
        // The box lies in the bottom-left quarter and is drawn where it is off the brain.
        #expect(box.x >= 0 && box.maxX <= Self.width / 4 + 8 && box.y >= Self.height * 3 / 4 - 8 && box.maxY <= Self.height)
        #expect(changed.count > 40)
        #expect(changed.allSatisfy { index.ids[$0] != 0 || decorated.rgba[4 * $0] < plain.rgba[4 * $0] })
        // Anti-aliased: some letter pixels are between the background and the letter colour.
        let c = OrientationCue.color(on: request.background)
        #expect(changed.contains { decorated.rgba[4 * $0] > c.r && decorated.rgba[4 * $0] < 250 && index.ids[$0] == 0 })
        // The P's cell holds ink.
        #expect(changed.contains { $0 % Self.width >= p.x && $0 % Self.width < p.x + cue.cellWidth
            && $0 / Self.width >= p.y && $0 / Self.width < p.y + cue.cellHeight })
    }
}
