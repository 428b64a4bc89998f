import BrainFormats
import Foundation
import Testing

/// `clusters` on an SMP map: mesh-connected clusters on the bundled pial mesh, their peak vertex, MNI point and regions.
@Suite struct SurfaceClustersCLITests {
    /// An SMP on the bundled left pial mesh: a Gaussian (height 6, σ 6 mm) around MNI (−40, −20, 50), sampled at each vertex.
    static func blobSMP(in dir: URL) throws -> (URL, SRFFile, [SIMD3<Double>], [Float]) {
        let srf = try SRFFile.read(from: URL(fileURLWithPath: CLIRun.dataPath).appendingPathComponent("meshes/lh.pial.srf"))
        let positions = srf.rasPositions().map(SIMD3<Double>.init)
        let centre = SIMD3<Double>(-40, -20, 50)
        let values = positions.map { p -> Float in let d = p - centre; return Float(6 * exp(-(d * d).sum() / 72)) }
        let smp = SMPFile(vertexCount: Int32(values.count), srfFileName: "lh.pial.srf",
                          maps: [SMPMap(name: "blob", thresholdMin: 3, thresholdMax: 6, values: MapValues(values))])
        let file = dir.appendingPathComponent("blob.smp")
        try smp.encoded().write(to: file)
        return (file, srf, positions, values)
    }

    @Test func reportOnAnSMPHoldsTheSurfaceTableAndTheViews() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, _, _, _) = try Self.blobSMP(in: dir)
        let out = dir.appendingPathComponent("r.html")
        let run = try CLIRun.run(["report", file.path, "--mesh", "pial-left", "--threshold", "3", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: out, encoding: .utf8)
        let table = try CLIRun.run(["clusters", file.path, "--mesh", "pial-left", "--threshold", "3", "--json"])
        let clusters = try #require(table.json?["clusters"] as? [[String: Any]])
        let rows = try ReportCLITests.clusterRows(html)
        #expect(rows.count == clusters.count && !rows.isEmpty)
        for (row, c) in zip(rows, clusters) {
            let peak = try #require(c["peak"] as? [String: Any])
            #expect(Array(row.prefix(5)) == ["\(c["id"] as? Int ?? 0)", c["sign"] as? String ?? "", "\(c["vertices"] as? Int ?? 0)",
                                             ReportCLITests.number(c["areaMm2"]), "\(peak["vertex"] as? Int ?? 0)"])
        }
        let sources = html.matches(of: try Regex(#"src="([^"]*)""#)).map { String($0.output[1].substring ?? "") }
        // Two views of the mesh, then the one colour bar the page shares.
        #expect(sources.count == 3 && sources.allSatisfy { $0.hasPrefix("data:image/png;base64,") })
        #expect(html.range(of: #"https?://"#, options: .regularExpression) == nil)
        let noMesh = try CLIRun.run(["report", file.path, "--threshold", "3", "--out", out.path])
        #expect(noMesh.status != 0 && noMesh.errorMessage?.contains("--mesh") == true, "\(noMesh.stderr)")
    }

    @Test func blobOnThePialMeshGivesOneClusterWithThePeakVertexAndItsRegions() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, srf, positions, values) = try Self.blobSMP(in: dir)
        let run = try CLIRun.run(["clusters", file.path, "--mesh", "pial-left", "--threshold", "3", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let clusters = try #require(run.json?["clusters"] as? [[String: Any]])
        // Vertices above 3 lie within √(72 ln 2) = 7.06 mm of the centre; on the folded cortex some are
        // not joined to the peak's patch by the mesh (across a sulcus), so the largest cluster holds the peak.
        let peakVertex = values.indices.max { values[$0] < values[$1] }!
        let peak = try #require(clusters.first?["peak"] as? [String: Any])
        #expect(peak["vertex"] as? Int == peakVertex)
        // Local maxima start with the peak, fall in value, and lie at least 8 mm apart on the mesh.
        let maxima = try #require(clusters.first?["maxima"] as? [[String: Any]]).compactMap { $0["vertex"] as? Int }
        #expect(maxima.first == peakVertex)
        #expect(zip(maxima, maxima.dropFirst()).allSatisfy { values[$0] >= values[$1] })
        for (i, a) in maxima.enumerated() { for b in maxima[(i + 1)...] {
            let d = positions[a] - positions[b]
            #expect((d * d).sum() >= 64)
        } }
        let mni = try #require(peak["mni"] as? [Double])
        let expected = positions[peakVertex]
        for a in 0..<3 { #expect(abs(mni[a] - expected[a]) <= 0.005) }
        let total = clusters.reduce(0) { $0 + ($1["vertices"] as? Int ?? 0) }
        #expect(total == values.filter { $0 >= 3 }.count)
        // Areas: each triangle's area split among its vertices above the threshold, a third each.
        var shown = 0.0
        for t in stride(from: 0, to: srf.triangles.count, by: 3) {
            let v = (0..<3).map { Int(srf.triangles[t + $0]) }
            let e1 = positions[v[1]] - positions[v[0]], e2 = positions[v[2]] - positions[v[0]]
            let n = SIMD3(e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x)
            shown += (n * n).sum().squareRoot() / 2 * Double(v.filter { values[$0] >= 3 }.count) / 3
        }
        let areas = clusters.reduce(0) { $0 + ($1["areaMm2"] as? Double ?? 0) }
        #expect(abs(areas - shown) <= 0.01 * Double(clusters.count) && shown > 50)
        // On a bundled mesh each cortical atlas's per-vertex labels give area shares that, with the unlabelled share, make 100 %.
        let regions = try #require(clusters.first?["regions"] as? [String: [String: Any]])
        #expect(regions["gyri"] != nil && regions["subcortical"] == nil)
        for (atlas, shares) in regions {
            let listed = (shares["regions"] as? [[String: Any]] ?? []).compactMap { $0["percent"] as? Double }
            let sum = listed.reduce(0, +) + (shares["unlabelled"] as? Double ?? 0)
            #expect(sum <= 100.05 && sum >= 100 - Double(listed.count + 2), "\(atlas): \(sum)")  // shares under 1 % are not listed
        }
        // The peak vertex's own label in each atlas is one of that atlas's regions in the cluster.
        let own = try #require(peak["vertexRegions"] as? [String: [String: Any]])
        #expect(Set(own.keys).isSubset(of: Set(regions.keys)) && own["gyri"] != nil)  // an unlabelled vertex has no entry
        for (atlas, region) in own {
            let listed = (regions[atlas]?["regions"] as? [[String: Any]] ?? []).compactMap { ($0["region"] as? [String: Any])?["id"] as? Int }
            #expect(listed.contains(region["id"] as? Int ?? -1), "\(atlas)")
        }
        let whereRun = try CLIRun.run(["where"] + mni.map { String($0) } + ["--json"])
        let got = try #require((peak["atlases"] as? [String: Any])?["atlases"] as? [String: Any])
        #expect(NSDictionary(dictionary: got).isEqual(to: try #require(whereRun.json?["atlases"] as? [String: Any])))

        let csv = try CLIRun.run(["clusters", file.path, "--mesh", "pial-left", "--threshold", "3", "--csv"])
        #expect(csv.stdout.hasPrefix("cluster,sign,vertices,area_mm2,peak_vertex,peak_value,peak_x,peak_y,peak_z,"))
        for (arguments, field) in [(["--mesh", "head"], "--mesh"), (["--mesh", "faces_MNI.srf"], "--mesh"), ([], "--mesh"), (["--mesh", "pial-left", "--connectivity", "6"], "--connectivity")] {
            let bad = try CLIRun.run(["clusters", file.path, "--threshold", "3"] + arguments)
            #expect(bad.status != 0 && bad.errorMessage?.contains(field) == true, "\(arguments): \(bad.stderr)")
        }
    }
}
