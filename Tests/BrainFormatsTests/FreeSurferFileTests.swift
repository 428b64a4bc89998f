import Foundation
import Testing
@testable import BrainFormats

// Expected values were read from the same files with nibabel 5.4.2 (see Fixtures/importers/SOURCES.md).
private func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/importers/\(name)")
}

@Suite struct FreeSurferFileTests {
    @Test func fsaverage6Pial() throws {
        let s = try FreeSurferSurface(contentsOf: fixture("lh.pial.gz"))
        #expect(s.vertexCount == 40962 && s.triangleCount == 81920)
        #expect(s.vertices[0] == SIMD3<Float>(-38.7359581, -19.34336472, 67.22013855))
        #expect(s.vertices[100] == SIMD3<Float>(-55.733177185058594, -10.40261173248291, 31.788503646850586))
        #expect(s.triangles[0] == SIMD3<Int32>(0, 10244, 10242))
        #expect(s.triangles[100] == SIMD3<Int32>(52, 10477, 10490))
        #expect(s.triangles[81919] == SIMD3<Int32>(40719, 11, 39990))
        let box = s.boundingBox
        #expect(box.min == SIMD3<Float>(-68.81330108642578, -104.6920166015625, -48.42323303222656))
        #expect(box.max == SIMD3<Float>(1.2661813497543335, 68.9841537475586, 78.15062713623047))
        #expect(s.createdBy.hasPrefix("created by greve"))
    }

    @Test func surfaceTruncatedOrBadIndex() throws {
        let bytes = [UInt8](try FileSource.read(fixture("lh.pial.gz"), sizeLimit: FreeSurferSizeLimits.surface))
        let cut = #expect(throws: FormatError.self) { try FreeSurferSurface(bytes: Array(bytes.prefix(2000)), name: "cut.pial") }
        #expect(cut?.field == "vertex count")
        var bad = bytes
        // Header: magic, "created by" line, blank line, two counts, then 40 962 vertices.
        let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }.prefix(2)
        let firstTriangle = lineEnds.last! + 1 + 8 + 40962 * 12
        bad[firstTriangle] = 0x7F  // vertex index becomes huge
        let e = #expect(throws: FormatError.self) { try FreeSurferSurface(bytes: bad, name: "bad.pial") }
        #expect(e?.field == "triangle 0")
        #expect(throws: FormatError.self) { try FreeSurferSurface(bytes: [0xFF, 0xFF, 0xFF, 0], name: "quad") }
    }

    @Test func aparcAnnotationVersion2Table() throws {
        let a = try FreeSurferAnnotation(contentsOf: fixture("lh.aparc.annot"))
        #expect(a.vertexCount == 40962)
        #expect(a.entries.count == 36)
        let pre = try #require(a.entries.firstIndex { $0.name == "precentral" })
        #expect(pre == 24)
        #expect(a.entries[pre].color == [60, 20, 220])
        #expect(a.entries[pre].annotationValue == 14_423_100)
        let counts = a.vertexCountsPerEntry()
        #expect(counts[pre] == 2703)
        #expect(counts[0] == 3379 && counts[1] == 491 && counts[3] == 929)
        let positions = a.entryPositions()
        #expect(positions[0] == 24 && positions[40961] == 7)
        #expect(a.entries[7].name == "fusiform")
        #expect(!positions.contains(-1))
    }

    @Test func oldFormatTableUsesVertexNumbers() throws {
        let a = try FreeSurferAnnotation(contentsOf: fixture("old_ctab.annot"))
        #expect(a.colorTableName == "old_ctab.txt")
        #expect(a.entries.map(\.name) == ["unknown", "alpha", "beta"])
        #expect(a.entries.map(\.index) == [0, 1, 2])
        #expect(a.entries[2].color == [0, 120, 250])
        // The file lists vertices 5…0; FreeSurfer stores each value at its vertex number.
        #expect(a.entryPositions() == [1, 1, 2, 0, 2, 1])
    }

    @Test func annotationBadCounts() throws {
        let bytes = [UInt8](try Data(contentsOf: fixture("lh.aparc.annot")))
        var huge = bytes
        huge[0] = 0x40  // vertex count ~1e9
        let e = #expect(throws: FormatError.self) { try FreeSurferAnnotation(bytes: huge, name: "h.annot") }
        #expect(e?.field == "vertex count")
        #expect(throws: FormatError.self) { try FreeSurferAnnotation(bytes: Array(bytes.dropLast(30)), name: "t.annot") }
    }

    @Test func exvivoLabel() throws {
        let l = try FreeSurferLabel(contentsOf: fixture("lh.BA4a_exvivo.thresh.label"))
        #expect(l.vertexCount == 2319)
        #expect(Array(l.vertices.prefix(3)) == [0, 12, 42])
        #expect(l.vertices.last == 151_856)
        #expect(l.positions[0] == SIMD3<Float>(-36.806, -18.293, 64.462))
        #expect(l.positions.last == SIMD3<Float>(-6.316, -32.902, 59.338))
        #expect(l.comment.hasPrefix("!ascii label"))
    }

    @Test func labelCountMismatch() throws {
        let text = "#!ascii label\n3\n0 1 2 3 0\n1 1 2 3 0\n"
        let e = #expect(throws: FormatError.self) { try FreeSurferLabel(bytes: Array(text.utf8), name: "x.label") }
        #expect(e?.field == "line 2 (count)")
    }

    @Test func colorLUTs() throws {
        let lut = try FreeSurferColorLUT(contentsOf: fixture("FreeSurferColorLUT.txt"))
        #expect(lut.entries.count == 1436)
        #expect(lut.entry(code: 17)?.name == "Left-Hippocampus")
        #expect(lut.entry(code: 17)?.color == [220, 216, 20])
        #expect(lut.entry(named: "ctx-lh-insula")?.index == 1035)
        #expect(lut.entry(named: "ctx-lh-insula")?.color == [255, 192, 32])
        #expect(lut.entries.last?.index == 14175)
        let ba = try FreeSurferColorLUT(contentsOf: fixture("colortable_BA.txt"))
        #expect(ba.entries.count == 15)
        #expect(ba.entry(code: 1)?.name == "BA1_exvivo" && ba.entry(code: 1)?.color == [0, 92, 23])
        #expect(ba.entry(code: 14)?.name == "entorhinal_exvivo")
    }
}

@Suite struct FreeSurferRoundTripTests {
    private func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/importers/\(name)")
    }

    @Test func writersReproduceTheRealFilesByteForByte() throws {
        let pial = [UInt8](try FileSource.read(url("lh.pial.gz"), sizeLimit: FreeSurferSizeLimits.surface))
        #expect(try FreeSurferSurface(bytes: pial, name: "lh.pial").encoded() == pial)
        let annot = [UInt8](try Data(contentsOf: url("lh.aparc.annot")))
        #expect(try FreeSurferAnnotation(bytes: annot, name: "lh.aparc.annot").encoded() == annot)
        let label = [UInt8](try Data(contentsOf: url("lh.BA4a_exvivo.thresh.label")))
        #expect(try FreeSurferLabel(bytes: label, name: "x.label").encoded() == label)
    }

    @Test func oldTableRewrittenReadsBackTheSame() throws {
        let a = try FreeSurferAnnotation(contentsOf: url("old_ctab.annot"))
        let b = try FreeSurferAnnotation(bytes: a.encoded(), name: "rewritten")
        #expect(b.entries == a.entries && b.vertexValues == a.vertexValues && b.colorTableVersion == 1)
    }

    @Test func inspectJSONShapes() throws {
        #expect(try FormatRegistry.inspect(url("lh.pial.gz"), json: true)
            == #"{"format":"freesurfer-surface","vertexCount":40962,"triangleCount":81920}"#)
        #expect(try FormatRegistry.inspect(url("lh.BA4a_exvivo.thresh.label"), json: true)
            == #"{"format":"freesurfer-label","vertexCount":2319}"#)
        let annot = try FormatRegistry.inspect(url("lh.aparc.annot"), json: true)
        #expect(annot.hasPrefix(#"{"format":"freesurfer-annot","vertexCount":40962,"labels":[{"name":"unknown","color":[25,5,25],"vertexCount":3379},"#))
        #expect(annot.contains(#"{"name":"precentral","color":[60,20,220],"vertexCount":2703}"#))
    }
}

@Suite struct FreeSurferToSRFTests {
    @Test func pialBecomesACanonicalSRF() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/importers/lh.pial.gz")
        let surface = try FreeSurferSurface(contentsOf: url)
        let srf = try FreeSurferToSRF.srf(from: surface)
        #expect(srf.vertexCount == 40962 && srf.triangleCount == 81920)
        // Vertex 0 (−38.736, −19.343, 67.220) RAS → BV (128 + 19.343, 128 − 67.220, 128 + 38.736).
        #expect(abs(srf.vertices[0].x - 147.34336) < 1e-3 && abs(srf.vertices[0].y - 60.77986) < 1e-3
                && abs(srf.vertices[0].z - 166.73596) < 1e-3)
        // Back to RAS through the formats module's own mapping: the original coordinates.
        let ras = srf.rasPositions()
        var worst: Float = 0
        for (p, q) in zip(ras, surface.vertices) { worst = max(worst, abs(p.x - q.x), abs(p.y - q.y), abs(p.z - q.z)) }
        #expect(worst < 1e-4)
        // RAS normals point outward: mostly away from the hemisphere's centre.
        let centre = surface.vertices.reduce(SIMD3<Float>.zero, +) / Float(surface.vertexCount)
        let normals = srf.rasNormals()
        let outward = zip(ras, normals).filter { (($0 - centre) * $1).sum() > 0 }.count
        #expect(Double(outward) / Double(srf.vertexCount) > 0.75)
        // The SRF left hemisphere lies at BV z ≥ 126 (docs/file-formats.md §2.1: left is high z).
        #expect(srf.vertices.allSatisfy { $0.z >= 126 })
    }
}
