import Foundation
import Testing
@testable import BrainFormats

/// Inputs the fuzz targets (`Fuzz/`, `Scripts/fuzz.sh`) once found problems with, named `<target>-<what>`
/// (`annot-`: a FreeSurfer annotation, without the importer target's selector byte, converted to POI).
/// Each must now either parse and round-trip or fail with a `FormatError` — the same checks the targets make.
@Suite struct FuzzRegressionTests {
    static let files: [String] = {
        let dir = Fixtures.url("fuzz")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
    }()

    func parses<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch is FormatError {
            return nil
        } catch {
            Issue.record("untyped error: \(error)")
            return nil
        }
    }

    @Test(arguments: files)
    func regressionInput(_ name: String) throws {
        let data = try Fixtures.data("fuzz/" + name)
        switch name.split(separator: "-").first ?? "" {
        case "vmr":
            if let vmr = parses({ try VMRFile(data: data, name: name) }) { #expect(try vmr.encoded() == data) }
            if let v16 = parses({ try V16File(data: data, name: name) }) { #expect(try v16.encoded() == data) }
        case "srf":
            if let srf = parses({ try SRFFile(data: data, name: name) }) {
                #expect(try srf.encoded() == data)
                _ = try? MeshTopology.ringNeighbours(triangles: srf.triangles, vertexCount: srf.vertexCount)
            }
        case "voi":
            if let voi = parses({ try VOIFile(data: data, name: name) }) {
                let back = try VOIFile(data: voi.canonicalEncoding(), name: "canonical.voi")
                #expect(back.header == voi.header && back.vois == voi.vois && back.vtcs == voi.vtcs && back.footer == voi.footer)
            }
        case "poi":
            if let poi = parses({ try POIFile(data: data, name: name) }) {
                let back = try POIFile(data: poi.canonicalEncoding(), name: "canonical.poi")
                #expect(back.header == poi.header && back.pois == poi.pois && back.mtcs == poi.mtcs)
            }
        case "annot":
            // Annotation → POI: whatever names the colour table holds, the POI must read back.
            if let annotation = parses({ try FreeSurferAnnotation(bytes: [UInt8](data), name: name) }) {
                let poi = try FreeSurferToPOI.poi(from: annotation)
                let back = try POIFile(data: poi.encoded(), name: "converted.poi")
                #expect(back.pois == poi.pois && back.meshVertexCount == annotation.vertexCount)
            }
        case "gzip":
            if let out = parses({ try Gzip.decompress(data, file: name) }) {
                #expect(out.count <= max(65_536, data.count * Gzip.maxExpansionRatio))
            }
        default:
            Issue.record("fuzz fixture \(name) has no known target prefix")
        }
    }
}
