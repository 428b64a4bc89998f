import Foundation
import Testing
@testable import BrainFormats

private func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/importers/\(name)")
}

/// FreeSurfer files through the registry: annotation/label → POI, colour tables, surfaces by magic bytes.
@Suite struct FreeSurferConversionTests {
    @Test func annotationBecomesOnePOIPerLabel() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("lh.aparc.poi")
        #expect(try FormatRegistry.convert(fixture("lh.aparc.annot"), to: out).isEmpty)
        let poi = try POIFile.read(from: out)
        let annotation = try FreeSurferAnnotation(contentsOf: fixture("lh.aparc.annot"))
        let counts = annotation.vertexCountsPerEntry()
        #expect(poi.meshVertexCount == 40962 && poi.version == 2)
        #expect(poi.pois.map(\.name.string) == zip(annotation.entries, counts).filter { $0.1 > 0 }.map(\.0.name))
        #expect(poi.pois.reduce(0) { $0 + $1.vertices.count } == 40962)
        let pre = try #require(poi.pois.first { $0.name.string == "precentral" })
        #expect(pre.vertices.count == 2703 && pre.color == SIMD3(60, 20, 220))
        #expect(pre.vertices == pre.vertices.sorted() && pre.anchorVertex == pre.vertices[0])
        let positions = annotation.entryPositions()
        #expect(pre.vertices.allSatisfy { annotation.entries[positions[Int($0)]].name == "precentral" })
        // A count that contradicts the annotation is refused.
        let e = #expect(throws: FormatError.self) {
            try FormatRegistry.convert(fixture("lh.aparc.annot"), to: out, options: ConversionOptions(meshVertexCount: 163842))
        }
        #expect(e?.file == "lh.aparc.annot" && e?.message.contains("163842") == true)
    }

    @Test func labelNeedsTheMeshVertexCount() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = fixture("lh.BA4a_exvivo.thresh.label"), out = dir.appendingPathComponent("ba4a.poi")
        let missing = #expect(throws: FormatError.self) { try FormatRegistry.convert(input, to: out) }
        #expect(missing?.file == "lh.BA4a_exvivo.thresh.label" && missing?.message.contains("--mesh-vertices") == true)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let small = #expect(throws: FormatError.self) {
            try FormatRegistry.convert(input, to: out, options: ConversionOptions(meshVertexCount: 1000))
        }
        #expect(small?.message.contains("outside 0…999") == true)

        try FormatRegistry.convert(input, to: out, options: ConversionOptions(meshVertexCount: 163842))
        let poi = try POIFile.read(from: out)
        let label = try FreeSurferLabel(contentsOf: input)
        #expect(poi.meshVertexCount == 163842 && poi.pois.count == 1)
        let p = poi.pois[0]
        #expect(p.name.string == "BA4a_exvivo.thresh" && p.color == FreeSurferToPOI.labelColor)
        #expect(p.vertices.map(Int.init) == label.vertices)
        let anchor = try #require(p.anchorVertex)
        #expect(p.vertices.contains(anchor))
        #expect(FreeSurferToPOI.poiName(fromLabelFile: "rh.V1_exvivo.label.gz") == "V1_exvivo")
    }

    @Test func colorTablesAreInspectable() throws {
        #expect(try FormatRegistry.inspect(fixture("FreeSurferColorLUT.txt"), json: true)
            == #"{"format":"freesurfer-lut","entryCount":1436,"codeRange":[0,14175]}"#)
        #expect(try FormatRegistry.inspect(fixture("colortable_BA.txt"), json: true)
            == #"{"format":"freesurfer-lut","entryCount":15,"codeRange":[0,14]}"#)
        let text = try FormatRegistry.inspect(fixture("colortable_BA.txt"), json: false)
        #expect(text.hasPrefix("FreeSurfer colour table: 15 entries, codes 0…14\n  0\tunknown\trgb 25 5 25"))
        // Same-format conversion keeps the bytes; an edited table is written in FreeSurfer's columns.
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("lut.txt.gz")
        try FormatRegistry.convert(fixture("FreeSurferColorLUT.txt"), to: copy)
        #expect(try FileSource.read(copy, sizeLimit: TextSizeLimit.check) == Data(contentsOf: fixture("FreeSurferColorLUT.txt")))
        var lut = try FreeSurferColorLUT(contentsOf: fixture("colortable_BA.txt"))
        lut.entries.removeFirst()
        #expect(lut.sourceBytes == nil)
        #expect(try FreeSurferColorLUT(bytes: lut.encoded(), name: "edited.txt").entries == lut.entries)
    }

    @Test(arguments: ["lh.sphere.reg", "lh.white.preaparc", "lh.orig.nofix", "surface-without-extension"])
    func surfacesAreRecognisedByMagicBytes(_ name: String) throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(at: fixture("lh.pial.gz"), to: url)
        #expect(try FormatRegistry.inspect(url, json: true)
            == #"{"format":"freesurfer-surface","vertexCount":40962,"triangleCount":81920}"#)
    }

    @Test func quadSurfaceMagicGivesTheReadersMessage() throws {
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("lh.quad.old")
        try Data([0xFF, 0xFF, 0xFF, 0, 0, 0]).write(to: url)
        let e = #expect(throws: FormatError.self) { try FormatRegistry.inspect(url, json: true) }
        #expect(e?.message.contains("quadrangle") == true)
        #expect(FormatRegistry.converters.contains { $0.from == "freesurfer-label" && $0.to == "poi" })
    }
}
