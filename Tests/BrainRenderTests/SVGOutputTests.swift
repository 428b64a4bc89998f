import BrainAtlas
import BrainImage
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import BrainRender

/// `render --out figure.svg`: the picture embedded as PNG, every name as editable SVG text
/// (skipped without AtlasData).
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct SVGOutputTests {
    /// Collects the text of every `<text>` element and the embedded image's data URL.
    final class Probe: NSObject, XMLParserDelegate {
        var texts: [String] = [], image: String?, current: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "text" { current = "" }
            if name == "image" { image = attributes["xlink:href"] }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let current { texts.append(current); self.current = nil }
        }
    }

    @Test func theSVGHoldsThePictureAndEveryNameAsText() throws {
        let request = try AtlasViewTests.request("gyri", .lateral, .left,
                                                 ["size": "800x600", "labels": "on", "legend": "on", "orientation": "on"])
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let svg = try frame.svg(context: context)
        let probe = Probe(), parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = probe
        #expect(parser.parse(), "the SVG is not well-formed XML: \(String(describing: parser.parserError))")

        let notes = try #require(try frame.annotations(context: context))
        let labels = try #require(notes.labels), legend = try #require(notes.legend)
        #expect(labels.placements.count >= 10)
        let names = labels.placements.flatMap { $0.line.lines.map(\.text) } + legend.rows.flatMap { $0.line.lines.map(\.text) }
        for name in names { #expect(probe.texts.contains(name), "\(name) is not SVG text") }
        #expect(probe.texts.contains("S") && probe.texts.contains("I"))

        // The embedded picture is the PNG render without its text: equal wherever no text or mark goes.
        let url = try #require(probe.image)
        let base64 = try #require(url.split(separator: ",").last.map(String.init))
        let embedded = try PNGDecoder.decode([UInt8](try #require(Data(base64Encoded: base64))))
        let drawn = try PNGDecoder.decode(try frame.png(context: context))
        #expect(embedded.width == drawn.width && embedded.height == drawn.height)
        var marked = [Bool](repeating: false, count: drawn.width * drawn.height)
        var boxes = labels.placements.map { $0.box.inset(by: -3) } + [legend.box]
        for p in labels.placements where p.leader {
            let end = RegionLabels.leaderEnd(p), pad = Double(labels.size)
            let x0 = min(Double(p.anchorX), end.x) - pad, y0 = min(Double(p.anchorY), end.y) - pad
            boxes.append(PixelRect(x: Int(x0), y: Int(y0), width: Int(abs(Double(p.anchorX) - end.x) + 2 * pad) + 1,
                                   height: Int(abs(Double(p.anchorY) - end.y) + 2 * pad) + 1))
        }
        if let cue = notes.cue { boxes.append(cue.box.inset(by: -3)) }
        for b in boxes {
            for y in max(0, b.y)..<min(drawn.height, b.maxY) { for x in max(0, b.x)..<min(drawn.width, b.maxX) { marked[y * drawn.width + x] = true } }
        }
        var differOutside = 0, differInside = 0
        for i in marked.indices where embedded.pixels[4 * i ..< 4 * i + 4] != drawn.pixels[4 * i ..< 4 * i + 4] {
            if marked[i] { differInside += 1 } else { differOutside += 1 }
        }
        #expect(differOutside == 0, "\(differOutside) pixels away from any text differ from the PNG render")
        #expect(differInside > 1000, "the PNG render has its text drawn in")
    }
}
