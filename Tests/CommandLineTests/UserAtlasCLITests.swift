import Foundation
import Testing

/// `--atlas-file` with `--atlas-table` through the commands: a label image the test builds answers `where`, `clusters`
/// and `slice` beside the bundled atlases, and bad atlases stop the command naming file and field. The table formats,
/// Talairach placement and the other refusals are checked in process (`UserLabelAtlasTests`), since each command run
/// places the atlas on the template anew.
@Suite struct UserAtlasCLITests {
    /// The shared label image (Tests/Fixtures/user-atlas: 2 mm uint8, 51 × 31 × 51 voxels whose voxel 0 is at
    /// (50, −40, −40), i running right to left; label 17 in a 10 mm cube around MNI (−24, −4, −20), label 53 in one
    /// around (40, −20, 40)) with its sform code (the int16 at byte 254) set to `code`.
    static func labels(code: Int16 = 4) throws -> Data {
        var data = try Data(contentsOf: CLIRun.repository.appendingPathComponent("Tests/Fixtures/user-atlas/two_cubes_mni_2mm.nii"))
        withUnsafeBytes(of: code.littleEndian) { data.replaceSubrange(254..<256, with: $0) }
        return data
    }

    static let dseg = "index\tname\tcolor\n17\tLeft-Amygdala\t#67FFFF\n53\tRight-Precentral\t#FF0000\n99\tUnused\t#000000\n"

    @Test func whereClustersAndSliceAnswerWithTheUserAtlas() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = dir.appendingPathComponent("myatlas.nii")
        try Self.labels().write(to: image)
        let table = dir.appendingPathComponent("dseg.tsv")
        try Data(Self.dseg.utf8).write(to: table)
        let user = ["--atlas-file", image.path, "--atlas-table", table.path]
        let at = try CLIRun.run(["where", "-24", "-4", "-20", "--json"] + user)
        #expect(at.status == 0, "\(at.stderr)")
        let atlases = try #require(at.json?["atlases"] as? [String: Any])
        let region = try #require(atlases["myatlas"] as? [String: Any], "\(at.stdout)")
        #expect(region["name"] as? String == "Amygdala" && region["hemisphere"] as? String == "left", "\(region)")
        // The bundled atlases still answer beside it.
        #expect((atlases["subcortical"] as? [String: Any])?["name"] as? String == "Amygdala")
        // Clusters describe a blob on label 53 with the user atlas's shares.
        let blob = dir.appendingPathComponent("blob.nii")
        try MapsCLITests.blobsNIfTI([(SIMD3(40, -20, 40), 6)], dims: SIMD3(31, 37, 31), origin: SIMD3(70, -56, 20)).write(to: blob)
        let clusters = try CLIRun.run(["clusters", blob.path, "--threshold", "4", "--atlases", "myatlas,gyri", "--json"] + user)
        #expect(clusters.status == 0, "\(clusters.stderr)")
        let first = try #require((clusters.json?["clusters"] as? [[String: Any]])?.first)
        #expect((first["label"] as? String)?.hasPrefix("Precentral (right)") == true, "\(first["label"] ?? "")")
        let shares = try #require(((first["regions"] as? [String: Any])?["myatlas"] as? [String: Any])?["regions"] as? [[String: Any]])
        #expect(shares.count == 1 && (shares[0]["percent"] as? Double ?? 0) > 50)
        let png = dir.appendingPathComponent("s.png")
        let slice = try CLIRun.run(["slice", "--plane", "axial", "--mni", "-20", "--atlas", "myatlas", "--out", png.path] + user)
        #expect(slice.status == 0 && FileManager.default.fileExists(atPath: png.path), "\(slice.stderr)")
    }

    @Test func badAtlasesStopTheCommandByName() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("dseg.tsv")
        try Data(Self.dseg.utf8).write(to: table)
        // Scanner space is refused naming the code.
        let scanner = dir.appendingPathComponent("scanner.nii")
        try Self.labels(code: 1).write(to: scanner)
        let e1 = try CLIRun.run(["where", "0", "0", "0", "--atlas-file", scanner.path, "--atlas-table", table.path])
        #expect(e1.status != 0 && e1.errorMessage?.contains("sform_code") == true && e1.errorMessage?.contains("scanner") == true, "\(e1.stderr)")
        let e2 = try CLIRun.run(["where", "0", "0", "0", "--atlas-file", scanner.path])
        #expect(e2.status != 0 && e2.errorMessage?.contains("--atlas-table") == true, "\(e2.stderr)")
    }
}
