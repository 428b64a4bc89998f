import BrainAtlas
import BrainFormats
import BrainImage
import Foundation
import Testing
@testable import BrainRender

/// `render --out figure.pdf`: a PDF whose cross-reference table is right, whose picture is the
/// SVG's picture pixel for pixel, whose fonts are all embedded and whose every name is page text
/// as poppler (`pdffonts`, `pdftotext`) reads it (skipped without AtlasData).
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct PDFOutputTests {
    /// The bytes between `from` and the next `to` after it.
    static func slice(_ bytes: [UInt8], from start: Int, to marker: String) -> ArraySlice<UInt8>? {
        let m = Array(marker.utf8)
        guard let end = (start...(bytes.count - m.count)).first(where: { bytes[$0..<($0 + m.count)].elementsEqual(m) }) else { return nil }
        return bytes[start..<end]
    }

    /// Object number → byte offset, from the file's own xref table (after `startxref`).
    static func crossReferences(_ pdf: [UInt8]) throws -> [Int: Int] {
        let text = String(decoding: pdf, as: UTF8.self)
        let tail = try #require(text.range(of: "startxref\n", options: .backwards))
        let start = try #require(Int(text[tail.upperBound...].prefix { $0.isNumber }))
        let table = String(decoding: pdf[start...], as: UTF8.self)
        #expect(table.hasPrefix("xref\n0 "))
        var offsets: [Int: Int] = [:]
        for (number, line) in table.split(separator: "\n").dropFirst(3).prefix(while: { $0.hasSuffix(" n ") || $0.hasSuffix(" n") }).enumerated() {
            offsets[number + 1] = Int(line.prefix(10))
        }
        return offsets
    }

    @Test func thePDFHoldsThePictureAndEveryNameAsText() throws {
        let request = try AtlasViewTests.request("gyri", .lateral, .left,
                                                 ["size": "800x600", "labels": "on", "legend": "on", "orientation": "on"])
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let pdf = try frame.pdf(context: context)
        #expect(pdf.starts(with: Array("%PDF-1.4\n".utf8)))
        #expect(String(decoding: pdf.suffix(6), as: UTF8.self) == "%%EOF\n")

        // Every xref entry points at its own object's header.
        let offsets = try Self.crossReferences(pdf)
        #expect(offsets.count == 10, "5 for the page and picture, 5 for the one font")
        for (number, offset) in offsets {
            #expect(pdf[offset...].starts(with: Array("\(number) 0 obj\n".utf8)), "object \(number) is not at \(offset)")
        }

        // Every font embedded; each name is page text, whole words as they are drawn.
        let fonts = try Self.poppler("pdffonts", pdf)
        let rows = fonts.split(separator: "\n").dropFirst(2)
        #expect(rows.count == 1 && rows.allSatisfy { $0.contains("CID TrueType") && $0.contains(" yes yes yes ") }, "\(fonts)")
        #expect(rows.first?.contains("+DejaVuSans ") == true)
        let words = Set(try Self.poppler("pdftotext", pdf).split(whereSeparator: \.isWhitespace).map(String.init))
        let notes = try #require(try frame.annotations(context: context))
        let labels = try #require(notes.labels), legend = try #require(notes.legend)
        let names = labels.placements.flatMap { $0.line.lines.map(\.text) } + legend.rows.flatMap { $0.line.lines.map(\.text) }
        #expect(names.count >= 20)
        for name in names {
            for word in name.split(separator: " ") { #expect(words.contains(String(word)), "\(word) (of \(name)) is not page text") }
        }
        #expect(words.contains("S") && words.contains("I"))
        #expect(words.contains("Pars") && !words.contains("ars"), "no gap after a capital")

        // The image (object 5): 800 × 600 RGB, PNG-predicted Flate; unfiltered it equals the SVG's picture.
        let imageObject = try #require(Self.slice(pdf, from: offsets[5]!, to: "endobj"))
        let header = String(decoding: try #require(Self.slice(Array(imageObject), from: 0, to: "stream\n")), as: UTF8.self)
        #expect(header.contains("/Width 800 /Height 600") && header.contains("/Predictor 15 /Colors 3"))
        let lengthStart = try #require(header.range(of: "/Length ")).upperBound
        let length = try #require(Int(header[lengthStart...].prefix { $0.isNumber }))
        let streamStart = offsets[5]! + header.utf8.count + "stream\n".utf8.count
        let filtered = [UInt8](try Gzip.decompress(Data(pdf[streamStart..<(streamStart + length)]), maxOutput: 601 * 2401))
        #expect(filtered.count == 600 * (1 + 800 * 3))
        var rgb = [UInt8](repeating: 0, count: 800 * 600 * 3)
        for y in 0..<600 {
            let row = y * 2401
            #expect(filtered[row] == 1, "row \(y) filter \(filtered[row])")
            for i in 0..<2400 { rgb[y * 2400 + i] = filtered[row + 1 + i] &+ (i >= 3 ? rgb[y * 2400 + i - 3] : 0) }
        }
        let svg = try frame.svg(context: context)
        let base64 = try #require(svg.components(separatedBy: "base64,").last?.prefix { $0 != "\"" })
        let picture = try PNGDecoder.decode([UInt8](try #require(Data(base64Encoded: String(base64)))))
        var differing = 0
        for p in 0..<(800 * 600) where picture.pixels[4 * p ..< 4 * p + 3] != rgb[3 * p ..< 3 * p + 3] { differing += 1 }
        #expect(differing == 0, "\(differing) pixels of the PDF's picture differ from the SVG's")
    }

    @Test func aMapFigureCarriesItsColorBarInEveryFormat() throws {
        let map = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/maps/blob_mni_2mm.nii.gz").standardizedFileURL.path
        let request = try SceneRequest(["view": "lateral", "hemi": "left", "size": "1024x768", "overlay": map,
                                        "threshold": "3", "twoSided": "true"])
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let (bar, layout) = try #require(frame.scene.colorBarLayout(text: try TextRenderer()))
        #expect(layout.bars.map(\.height).reduce(0, +) * 5 >= 768, "the bars take a fifth of the height")
        let values = layout.labels.map(\.line.text)
        #expect(values == ["8", "3", "−3", "−8"])

        let text = try Self.poppler("pdftotext", try frame.pdf(context: context))
        let captionWords = bar.caption.flatMap { $0.split(separator: " ").map(String.init) }
        for word in [bar.title] + captionWords + values {
            #expect(text.contains(word), "\(word) is not in the PDF's text")
        }
        let svg = try frame.svg(context: context)
        #expect(svg.components(separatedBy: "<linearGradient").count - 1 == 2, "one gradient per bar")
        for word in [bar.title] + values { #expect(svg.contains(">\(word)</text>"), "\(word) is not SVG text") }
        #expect(svg.contains("font-family=\"'DejaVu Sans', 'Bitstream Vera Sans', Verdana"))
    }

    /// The output of poppler's `tool` (`pdffonts`, `pdftotext`) on `pdf`.
    static func poppler(_ tool: String, _ pdf: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("figure-\(UUID().uuidString).pdf")
        try Data(pdf).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = tool == "pdftotext" ? [tool, "-enc", "UTF-8", url.path, "-"] : [tool, url.path]
        process.standardOutput = pipe
        try process.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) failed (poppler-utils installed?)")
        return String(decoding: out, as: UTF8.self)
    }
}
