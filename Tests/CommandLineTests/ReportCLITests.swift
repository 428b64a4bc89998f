import BrainImage
import Foundation
import Testing

/// `report`: one self-contained HTML page whose table is the `clusters` answer and whose pictures decode.
@Suite struct ReportCLITests {
    /// Two positive blobs and a negative one on a 2 mm grid covering most of the brain.
    static func map(in dir: URL) throws -> URL {
        let nii = dir.appendingPathComponent("three blobs.nii")
        try MapsCLITests.blobsNIfTI([(SIMD3(-40, -20, 50), 8), (SIMD3(30, 20, -10), -6), (SIMD3(-50, 20, 10), 5)],
                                    dims: SIMD3(71, 86, 60), origin: SIMD3(70, -100, -40)).write(to: nii)
        return nii
    }

    /// The texts of the cells of every `<tr class="cluster">` row.
    static func clusterRows(_ html: String) throws -> [[String]] {
        let row = try Regex(#"<tr class="cluster" data-id="\d+">(.*?)</tr>"#)
        let cell = try Regex(#"<td>(?:<a [^>]*>)?(.*?)(?:</a>)?</td>"#)
        return html.matches(of: row).map { m in
            String(m.output[1].substring ?? "").matches(of: cell).map { String($0.output[1].substring ?? "") }
        }
    }

    /// A JSON number as the page prints it (no trailing ".0").
    static func number(_ v: Any?) -> String {
        let d = (v as? Double) ?? Double(v as? Int ?? .min)
        return d == d.rounded() ? String(Int(d)) : String(d)
    }

    @Test func pageHoldsTheClusterTableAndDecodablePicturesAndNoNetwork() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nii = try Self.map(in: dir)
        let out = dir.appendingPathComponent("report.html")
        let figures = dir.appendingPathComponent("figures")
        let run = try CLIRun.run(["report", nii.path, "--threshold", "3", "--two-sided", "--min-size", "60", "--out", out.path,
                                  "--figures", figures.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "progress goes to a terminal only: \(run.stderr)")
        // --figures: every picture of the page as PNG and SVG; the glass brain's numbers are SVG text.
        let files = try FileManager.default.contentsOfDirectory(atPath: figures.path)
        #expect(files.contains("glass-brain.png") && files.contains("colour-bar.svg") && files.contains("cluster-1-axial.svg"), "\(files)")
        #expect(Set(files.filter { $0.hasSuffix(".png") }.map { $0.dropLast(4) }) == Set(files.filter { $0.hasSuffix(".svg") }.map { $0.dropLast(4) }))
        let glass = try String(contentsOf: figures.appendingPathComponent("glass-brain.svg"), encoding: .utf8)
        #expect(glass.contains(">1</text>") && glass.contains(">L</text>"))
        let html = try String(contentsOf: out, encoding: .utf8)

        let table = try CLIRun.run(["clusters", nii.path, "--threshold", "3", "--two-sided", "--min-size", "60", "--json"])
        let clusters = try #require(table.json?["clusters"] as? [[String: Any]])
        #expect(clusters.count == 3)
        let rows = try Self.clusterRows(html)
        #expect(rows.count == clusters.count)
        for (row, c) in zip(rows, clusters) {
            let peak = try #require(c["peak"] as? [String: Any])
            let mni = try #require(peak["mni"] as? [Double])
            let centre = try #require(c["centreOfMass"] as? [Double])
            let expected = [Self.number(c["id"]), c["sign"] as? String ?? "", Self.number(c["voxels"]), Self.number(c["sizeMm3"])]
                + mni.map(Self.number) + [Self.number(peak["value"]), "(" + centre.map(Self.number).joined(separator: ", ") + ")",
                                      Self.number((c["maxima"] as? [Any])?.count)]
            #expect(Array(row.prefix(expected.count)) == expected)
            // Each cluster's section has one row per atlas of the JSON answer.
            let atlases = try #require(c["regions"] as? [String: Any])
            let section = try #require(html.range(of: "id=\"cluster-\(Self.number(c["id"]))\""))
            let after = html[section.upperBound...]
            let block = after[..<(after.range(of: "</section>")?.lowerBound ?? after.endIndex)]
            #expect(block.components(separatedBy: "<tr class=\"atlas\"").count - 1 == atlases.count)
            for name in atlases.keys { #expect(block.contains("data-atlas=\"\(name)\"")) }
        }

        // Every picture is an inline PNG that decodes: the glass brain (wide), 4 cortex views, the one
        // colour bar they and the slices share (as tall as a view, narrow), then 3 slices per cluster.
        let sources = html.matches(of: try Regex(#"src="([^"]*)""#)).map { String($0.output[1].substring ?? "") }
        #expect(sources.count == 1 + 4 + 1 + 3 * clusters.count)
        for (i, src) in sources.enumerated() {
            #expect(src.hasPrefix("data:image/png;base64,"))
            let bytes = try #require(Data(base64Encoded: String(src.dropFirst("data:image/png;base64,".count))))
            let image = try PNGDecoder.decode([UInt8](bytes))
            if i == 5 {
                #expect(image.height >= 300 && image.width < image.height / 2, "the colour bar")
            } else if i == 0 {
                #expect(image.width > 2 * image.height && image.height >= 300, "the glass brain")
            } else {
                #expect(image.width >= 300 && image.height >= 300)
            }
        }
        // The CSV link holds exactly what `clusters --csv` prints.
        let link = try #require(html.firstMatch(of: try Regex(#"href="data:text/csv;charset=utf-8;base64,([^"]+)""#)))
        let csv = try #require(Data(base64Encoded: String(link.output[1].substring ?? "")))
        let expectedCSV = try CLIRun.run(["clusters", nii.path, "--threshold", "3", "--two-sided", "--min-size", "60", "--csv"]).stdout
        #expect(String(decoding: csv, as: UTF8.self) == expectedCSV.trimmingCharacters(in: .newlines))
        #expect(html.range(of: #"https?://"#, options: .regularExpression) == nil)
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("url("))
        #expect(html.contains("three blobs.nii"))
    }

    @Test func badInputIsRefusedBeforeAnyWork() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nii = try Self.map(in: dir)
        let out = dir.appendingPathComponent("r.html").path
        let cases: [([String], String)] = [
            (["report", dir.appendingPathComponent("missing.nii").path, "--threshold", "3", "--out", out], "missing.nii"),
            (["report", nii.path, "--threshold", "0", "--out", out], "--threshold"),
            (["report", nii.path, "--threshold", "3", "--out", dir.appendingPathComponent("r.png").path], "out"),
            (["report", nii.path, "--threshold", "3", "--surface", "white", "--out", out], "surface"),
            (["report", nii.path, "--threshold", "3", "--map", "2", "--out", out], "--map"),
            (["report", nii.path, "--threshold", "3", "--min-size=-1", "--out", out], "--min-size"),
        ]
        for (arguments, field) in cases {
            let run = try CLIRun.run(arguments)
            #expect(run.status != 0 && run.errorMessage?.contains(field) == true, "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let empty = try CLIRun.run(["report", nii.path, "--threshold", "100", "--out", out])
        #expect(empty.status == 0, "\(empty.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(try Self.clusterRows(html).isEmpty && html.contains("No voxel passes the threshold."))
    }

    /// `glass`: the figure in each format, the clusters numbered as the table numbers them, and a bad scale refused.
    @Test func glassWritesEachFormatAndRefusesABadScale() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nii = try Self.map(in: dir)
        for ext in ["png", "svg", "pdf"] {
            let out = dir.appendingPathComponent("glass.\(ext)")
            let run = try CLIRun.run(["glass", nii.path, "--threshold", "3", "--two-sided", "--scale", "2", "--out", out.path])
            #expect(run.status == 0 && run.stdout.contains("3 clusters numbered"), "\(run.stdout) \(run.stderr)")
            let bytes = try Data(contentsOf: out)
            switch ext {
            case "png": #expect(try PNGDecoder.decode([UInt8](bytes)).width > 1000)
            case "svg": #expect(["1", "2", "3", "A", "P", "L", "R"].allSatisfy { String(decoding: bytes, as: UTF8.self).contains(">\($0)</text>") })
            default: #expect(bytes.starts(with: Array("%PDF".utf8)))
            }
        }
        let bad = try CLIRun.run(["glass", nii.path, "--threshold", "3", "--scale", "0", "--out", dir.appendingPathComponent("g.png").path])
        #expect(bad.status != 0 && bad.errorMessage?.contains("scale") == true, "\(bad.stderr)")
    }
}
