import Foundation
import Testing

/// `--atlas-file` with `--atlas-table`: a label image the test builds, named by a BIDS dseg table, a FreeSurfer colour
/// table or an FSL atlas XML, answered by `where`, `clusters` and `slice` beside the bundled atlases.
@Suite struct UserAtlasCLITests {
    /// A 2 mm int16 label image (sform `code`) of 61 × 73 × 61 voxels whose voxel 0 is at (90, −126, −72) (i runs right
    /// to left): label 17 in a 10 mm cube around MNI (−24, −4, −20), label 53 in one around (40, −20, 40) (the grid ends at z = 48).
    static func labels(code: Int16 = 4) -> Data {
        var header = [UInt8](repeating: 0, count: 352)
        func put<T>(_ value: T, _ offset: Int) { withUnsafeBytes(of: value) { header.replaceSubrange(offset..<(offset + $0.count), with: $0) } }
        put(Int32(348), 0)
        for (n, d) in [3, 61, 73, 61, 1, 1, 1, 1].enumerated() { put(Int16(d), 40 + 2 * n) }
        put(Int16(4), 70); put(Int16(16), 72)  // int16
        for (n, v) in [Float(1), 2, 2, 2].enumerated() { put(v, 76 + 4 * n) }
        put(Float(352), 108); put(Float(1), 112)
        put(code, 254)
        for (n, v) in [Float(-2), 0, 0, 90, 0, 2, 0, -126, 0, 0, 2, -72].enumerated() { put(v, 280 + 4 * n) }
        header.replaceSubrange(344..<348, with: Array("n+1\0".utf8))
        var data = Data(header)
        for k in 0..<61 { for j in 0..<73 { for i in 0..<61 {
            let p = SIMD3(90 - 2 * Double(i), -126 + 2 * Double(j), -72 + 2 * Double(k))
            func inside(_ c: SIMD3<Double>) -> Bool { Swift.abs(p.x - c.x) <= 5 && Swift.abs(p.y - c.y) <= 5 && Swift.abs(p.z - c.z) <= 5 }
            let v: Int16 = inside(SIMD3(-24, -4, -20)) ? 17 : inside(SIMD3(40, -20, 40)) ? 53 : 0
            withUnsafeBytes(of: v) { data.append(contentsOf: $0) }
        } } }
        return data
    }

    static let tables: [(String, String)] = [
        ("dseg.tsv", "index\tname\tcolor\n17\tLeft-Amygdala\t#67FFFF\n53\tRight-Precentral\t#FF0000\n99\tUnused\t#000000\n"),
        ("lut.txt", "# FreeSurfer colour table\n17  Left-Amygdala  103 255 255 0\n53  Right-Precentral  255 0 0 0\n"),
        ("atlas.xml", "<?xml version=\"1.0\"?>\n<atlas><header><name>Test</name><type>Label</type></header><data>\n"
            + "<label index=\"16\" x=\"0\" y=\"0\" z=\"0\">Left-Amygdala</label>\n<label index=\"52\" x=\"0\" y=\"0\" z=\"0\">Right-Precentral</label>\n</data></atlas>\n"),
    ]

    @Test(arguments: [0, 1, 2]) func whereAndClustersAnswerWithTheUserAtlas(table n: Int) throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = dir.appendingPathComponent("myatlas.nii")
        try Self.labels().write(to: image)
        let table = dir.appendingPathComponent(Self.tables[n].0)
        try Data(Self.tables[n].1.utf8).write(to: table)
        let user = ["--atlas-file", image.path, "--atlas-table", table.path]
        let at = try CLIRun.run(["where", "-24", "-4", "-20", "--json"] + user)
        #expect(at.status == 0, "\(at.stderr)")
        let atlases = try #require(at.json?["atlases"] as? [String: Any])
        let region = try #require(atlases["myatlas"] as? [String: Any], "\(at.stdout)")
        #expect(region["name"] as? String == "Amygdala" && region["hemisphere"] as? String == "left", "\(region)")
        // The bundled atlases still answer beside it.
        #expect((atlases["subcortical"] as? [String: Any])?["name"] as? String == "Amygdala")
        // Clusters describe a blob on label 53 with the user atlas's shares (once: each run places the atlas anew).
        guard n == 0 else { return }
        let blob = dir.appendingPathComponent("blob.nii")
        try MapsCLITests.blobsNIfTI([(SIMD3(40, -20, 40), 6)], dims: SIMD3(31, 37, 31), origin: SIMD3(70, -56, 20)).write(to: blob)
        let clusters = try CLIRun.run(["clusters", blob.path, "--threshold", "4", "--atlases", "myatlas,gyri", "--json"] + user)
        #expect(clusters.status == 0, "\(clusters.stderr)")
        let first = try #require((clusters.json?["clusters"] as? [[String: Any]])?.first)
        #expect((first["label"] as? String)?.hasPrefix("Precentral (right)") == true, "\(first["label"] ?? "")")
        let shares = try #require(((first["regions"] as? [String: Any])?["myatlas"] as? [String: Any])?["regions"] as? [[String: Any]])
        #expect(shares.count == 1 && (shares[0]["percent"] as? Double ?? 0) > 50)
    }

    @Test func sliceDrawsTheUserAtlasAndBadAtlasesAreRefusedByName() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = dir.appendingPathComponent("myatlas.nii")
        try Self.labels().write(to: image)
        let table = dir.appendingPathComponent("dseg.tsv")
        try Data(Self.tables[0].1.utf8).write(to: table)
        let user = ["--atlas-file", image.path, "--atlas-table", table.path]
        let png = dir.appendingPathComponent("s.png")
        let slice = try CLIRun.run(["slice", "--plane", "axial", "--mni", "-20", "--atlas", "myatlas", "--out", png.path] + user)
        #expect(slice.status == 0 && FileManager.default.fileExists(atPath: png.path), "\(slice.stderr)")
        // Scanner space is refused naming the code.
        let scanner = dir.appendingPathComponent("scanner.nii")
        try Self.labels(code: 1).write(to: scanner)
        let e1 = try CLIRun.run(["where", "0", "0", "0", "--atlas-file", scanner.path, "--atlas-table", table.path])
        #expect(e1.status != 0 && e1.errorMessage?.contains("sform_code") == true && e1.errorMessage?.contains("scanner") == true, "\(e1.stderr)")
        // A label the table does not name.
        let partial = dir.appendingPathComponent("partial.tsv")
        try Data("index\tname\n17\tLeft-Amygdala\n".utf8).write(to: partial)
        let e2 = try CLIRun.run(["where", "0", "0", "0", "--atlas-file", image.path, "--atlas-table", partial.path])
        #expect(e2.status != 0 && e2.errorMessage?.contains("does not name label 53") == true, "\(e2.stderr)")
        let e3 = try CLIRun.run(["where", "0", "0", "0", "--atlas-file", image.path])
        #expect(e3.status != 0 && e3.errorMessage?.contains("--atlas-table") == true, "\(e3.stderr)")
        // A Talairach-coded image is placed through the MNI ↔ Talairach transform: its label lies elsewhere in MNI.
        let tal = dir.appendingPathComponent("talatlas.nii")
        try Self.labels(code: 3).write(to: tal)
        let t = try CLIRun.run(["where", "-24", "-4", "-20", "--space", "tal", "--json", "--atlas-file", tal.path, "--atlas-table", table.path])
        let region = (t.json?["atlases"] as? [String: Any])?["talatlas"] as? [String: Any]
        #expect(region?["name"] as? String == "Amygdala", "\(t.stdout) \(t.stderr)")
    }
}
