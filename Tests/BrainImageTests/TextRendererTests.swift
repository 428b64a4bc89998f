import Foundation
import Testing
@testable import BrainImage

@Suite struct TextRendererTests {
    let text: TextRenderer
    init() throws { text = try TextRenderer() }

    @Test func drawsAntiAliasedInkInsideItsBox() throws {
        var image = try RGBAImage(width: 200, height: 60, fill: RGBA(255, 255, 255))
        let box = text.draw("Precentral gyrus", size: 18, x: 10, baseline: 40, color: RGBA(0, 0, 0), into: &image)
        var dark = 0, partial = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != RGBA(255, 255, 255) {
                #expect(box.contains(x: x, y: y), "ink at \(x),\(y) outside \(box)")
                let v = image[x, y].r
                if v < 64 { dark += 1 } else { partial += 1 }
                #expect(image[x, y].r == image[x, y].g && image[x, y].a == 255)
            }
        }
        #expect(dark > 150)
        #expect(partial > 50, "anti-aliased edges have intermediate coverage")
        // Ascenders reach well above the baseline, and "g"/"y" descend below it.
        #expect((0..<200).contains { image[$0, 40 - 12].r < 128 })
        #expect((0..<200).contains { image[$0, 43].r < 128 })
    }

    @Test func twoLinesSplitAtTheBalancedSpaceAndDrawInsideTheirBox() throws {
        #expect(text.layoutTwoLines("Insula", size: 15) == nil)
        let one = text.layout("Caudal middle frontal gyrus", size: 15)
        let two = try #require(text.layoutTwoLines("Caudal middle frontal gyrus", size: 15))
        #expect(two.text == one.text)
        // "Caudal middle" over "frontal gyrus": the wider line is the narrowest possible split.
        let best = max(text.layout("Caudal middle", size: 15).advance, text.layout("frontal gyrus", size: 15).advance)
        #expect(two.advance == best && two.advance < one.advance * 2 / 3)
        #expect(two.height >= 2 * one.height && two.ink.height > one.height)
        var image = try RGBAImage(width: 200, height: 80, fill: RGBA(255, 255, 255))
        let box = text.draw(two, x: 10, baseline: 25, color: RGBA(0, 0, 0), into: &image)
        var rows = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != RGBA(255, 255, 255) {
                #expect(box.contains(x: x, y: y), "ink at \(x),\(y) outside \(box)")
                rows.insert(y)
            }
        }
        // Ink on both lines: rows below the first line's box hold the second.
        #expect(rows.contains { $0 > 25 + one.descent } && rows.contains { $0 < 25 })
    }

    @Test func widthGrowsWithTextAndSize() {
        let a = text.layout("Insula", size: 16), b = text.layout("Insula", size: 32)
        #expect(a.advance > 30 && a.advance < 80)
        #expect(abs(b.advance - 2 * a.advance) <= 3)
        #expect(text.measure("Insula cortex", size: 16) > a.advance)
        #expect(a.ascent > 0 && a.descent > 0 && b.height > a.height)
        #expect(text.layout("", size: 16).advance == 0)
        #expect(text.layout("", size: 16).ink.coveredCount == 0)
    }

    @Test func nonLatinAndAccentedTextHasInk() {
        for s in ["Gyrus präcentralis", "Ω", "Área 17"] {
            let line = text.layout(s, size: 20)
            #expect(line.ink.coveredCount > 20, "\(s)")
        }
    }

    @Test func haloSurroundsTheInk() throws {
        var image = try RGBAImage(width: 120, height: 50, fill: RGBA(0, 0, 255))
        let halo = TextHalo(color: RGBA(255, 255, 255), radius: 2)
        let line = text.layout("Lobe", size: 24)
        let box = text.draw(line, x: 10, baseline: 35, color: RGBA(0, 0, 0), halo: halo, into: &image)
        #expect(box == line.box(x: 10, baseline: 35, margin: 2))
        var white = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != RGBA(0, 0, 255) {
                #expect(box.contains(x: x, y: y))
                if image[x, y] == RGBA(255, 255, 255) { white += 1 }
            }
        }
        #expect(white > 40)
        #expect(line.ink.dilated(radius: 2).coveredCount > line.ink.coveredCount * 3 / 2)
    }

    @Test func drawingClipsAtTheImageEdges() throws {
        var image = try RGBAImage(width: 30, height: 20, fill: RGBA(255, 255, 255))
        text.draw("Temporal pole", size: 40, x: -15, baseline: 30, color: RGBA(0, 0, 0), into: &image)
        #expect(image.pixels.count == 30 * 20 * 4)
    }

    @Test func badFontEnvironmentNamesTheFile() {
        let path = "/nonexistent/BrainTutorNoFont.ttf"
        #expect(throws: TextError.unreadableFont(path: path, message: "no such file")) {
            try Typeface.system(environment: [Typeface.environmentKey: path])
        }
        do {
            _ = try Typeface.system(environment: [Typeface.environmentKey: path])
        } catch {
            #expect(error.description.contains(path))
        }
    }

    @Test func fileThatIsNoFontIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("braintutor-not-a-font-\(getpid()).ttf")
        try Data("not a font".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try Typeface(path: url.path)
            Issue.record("a text file was accepted as a font")
        } catch {
            guard case .unreadableFont(let p, _) = error else { Issue.record("\(error)"); return }
            #expect(p == url.path)
        }
    }

    @Test func missingFontListsThePlacesTriedAndThePackage() {
        let dirs = ["/nonexistent/a", "/nonexistent/b"]
        do {
            _ = try Typeface.system(.bold, environment: [:], directories: dirs)
            Issue.record("found a font in empty directories")
        } catch {
            #expect(error == .fontNotFound(tried: ["/nonexistent/a/DejaVuSans-Bold.ttf", "/nonexistent/b/DejaVuSans-Bold.ttf"]))
            #expect(error.description.contains("fonts-dejavu-core"))
            #expect(error.description.contains("/nonexistent/b/DejaVuSans-Bold.ttf"))
        }
    }

    @Test func sizesAreClamped() {
        #expect(text.layout("A", size: 100_000).size == TextRenderer.sizes.upperBound)
        #expect(text.layout("A", size: -3).size == TextRenderer.sizes.lowerBound)
    }
}
