import Foundation
import Testing

/// What researchers ask of `clusters`, `convert` and `where --table`: labels from the right atlas, p and FDR
/// thresholds stated, Talairach output, native maps through their TRF, and tables that survive bad rows.
@Suite struct ResearchMapsCLITests {
    static let trf = CLIRun.repository.appendingPathComponent("Tests/Fixtures/bv/bvbabel/trf").path

    @Test func deepAndCerebellarClustersAreNamedByTheirStructures() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nii = dir.appendingPathComponent("deep.nii")
        // Left amygdala, right caudate head, right cerebellar hemisphere; the grid holds MNI (−60…60, −90…40, −50…40).
        try MapsCLITests.blobsNIfTI([(SIMD3(-24, -4, -20), 6), (SIMD3(14, 12, 10), 6), (SIMD3(24, -66, -30), 6)],
                                    dims: SIMD3(61, 66, 46), origin: SIMD3(60, -90, -50)).write(to: nii)
        let run = try CLIRun.run(["clusters", nii.path, "--threshold", "4", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let labels = try #require(run.json?["clusters"] as? [[String: Any]]).compactMap { $0["label"] as? String }
        #expect(labels.count == 3)
        #expect(labels.contains { $0.hasPrefix("Amygdala (left)") })
        #expect(labels.contains { $0.hasPrefix("Caudate nucleus (right)") })
        #expect(labels.contains { $0.hasPrefix("Cerebellum (right)") })
        // --atlases chooses and orders: with the gyri alone the amygdala peak has only a nearest cortex.
        let gyri = try CLIRun.run(["clusters", nii.path, "--threshold", "4", "--atlases", "gyri", "--json"])
        let first = try #require((gyri.json?["clusters"] as? [[String: Any]])?.first { ($0["peak"] as? [String: Any])?["mni"] as? [Double] == [-24, -4, -20] })
        #expect((first["label"] as? String)?.hasPrefix("near ") == true)
        #expect((first["regions"] as? [String: Any])?.keys.sorted() == ["gyri"])
        let unknown = try CLIRun.run(["clusters", nii.path, "--threshold", "4", "--atlases", "gyri,nonesuch"])
        #expect(unknown.status != 0 && unknown.errorMessage?.contains("--atlases: nonesuch") == true)
    }

    @Test func pAndFDRThresholdsAreStatedAndTalairachCoordinatesGiven() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nii = dir.appendingPathComponent("blob.nii")
        try MapsCLITests.blobNIfTI(peak: SIMD3(-50, 20, 10)).write(to: nii)
        // A NIfTI without an intent states no statistic: p needs one.
        let refused = try CLIRun.run(["clusters", nii.path, "--p", "0.001"])
        #expect(refused.status != 0 && refused.errorMessage?.contains("t, z, F or r") == true, "\(refused.stderr)")
        let vmp = dir.appendingPathComponent("blob_MNI.vmp")
        #expect(try CLIRun.run(["convert", nii.path, vmp.path]).status == 0)
        let noDF = try CLIRun.run(["clusters", vmp.path, "--p", "0.001"])
        #expect(noDF.status != 0 && noDF.errorMessage?.contains("--df") == true, "\(noDF.stderr)")
        let p = try CLIRun.run(["clusters", vmp.path, "--p", "0.001", "--df", "20"])
        #expect(p.status == 0, "\(p.stderr)")
        // t(20) upper 0.001 = 3.5518, from tables.
        #expect(p.stdout.contains("≥ 3.55") && p.stdout.contains("p < 0.001 uncorrected, one-sided, t(20)"), "\(p.stdout)")
        // Every voxel of the smooth map is in the mask (none is 0): with 20 df even the peak (p ≈ 4e-6) misses
        // q·1/m, so nothing survives and the error says so; with 200 df the peak's neighbourhood does.
        let none = try CLIRun.run(["clusters", vmp.path, "--q", "0.05", "--df", "20"])
        #expect(none.status != 0 && none.errorMessage?.contains("no voxel of") == true, "\(none.stderr)")
        let q = try CLIRun.run(["clusters", vmp.path, "--q", "0.05", "--df", "200"])
        #expect(q.status == 0 && q.stdout.contains("FDR q = 0.05 (Benjamini–Hochberg over") && q.stdout.contains("t(200)"), "\(q.stdout) \(q.stderr)")
        let tal = try CLIRun.run(["clusters", vmp.path, "--threshold", "4", "--space", "tal"])
        #expect(tal.stdout.contains("(Talairach mm)"), "\(tal.stdout)")
        let mni = try CLIRun.run(["clusters", vmp.path, "--threshold", "4"])
        #expect(mni.stdout.contains("(MNI mm)") && mni.stdout.contains("peak (-50, 20, 10)"), "\(mni.stdout)")
        #expect(!tal.stdout.contains("peak (-50, 20, 10)"))
    }

    @Test func aNativeVMPGoesToMNIThroughItsTRFForClustersAndExport() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nii = dir.appendingPathComponent("blob.nii")
        try MapsCLITests.blobNIfTI(peak: SIMD3(-50, 20, 10)).write(to: nii)
        let native = dir.appendingPathComponent("sub01_blob.vmp")
        #expect(try CLIRun.run(["convert", nii.path, native.path]).status == 0)
        let mniTRF = "\(Self.trf)/sub-test06_fileversion-8_transformationtype2_cMNI_a12.trf"
        let run = try CLIRun.run(["clusters", native.path, "--threshold", "4", "--trf", mniTRF, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json?["space"] as? String == "mni")
        let acpcOnly = try CLIRun.run(["clusters", native.path, "--threshold", "4", "--trf", "\(Self.trf)/sub-test06_fileversion-8_aACPC.trf"])
        #expect(acpcOnly.status != 0 && acpcOnly.errorMessage?.contains("MNI normalisation") == true, "\(acpcOnly.stderr)")
        let fmr = try CLIRun.run(["clusters", native.path, "--threshold", "4", "--trf", "\(Self.trf)/sub-test06_fileversion-8_FA.trf"])
        #expect(fmr.status != 0 && fmr.errorMessage?.contains("TransformationType") == true, "\(fmr.stderr)")

        // Export: native keeps its VMR frame under code 1; with the TRF it is MNI (code 4).
        let own = dir.appendingPathComponent("own.nii"), normalised = dir.appendingPathComponent("mni.nii")
        #expect(try CLIRun.run(["convert", native.path, own.path]).status == 0)
        #expect(try CLIRun.run(["convert", native.path, normalised.path, "--trf", mniTRF]).status == 0)
        func sformCode(_ url: URL) throws -> Int16 {
            let data = try Data(contentsOf: url)
            return data.subdata(in: 254..<256).withUnsafeBytes { $0.loadUnaligned(as: Int16.self) }
        }
        #expect(try sformCode(own) == 1 && sformCode(normalised) == 4)
        let inspect = try CLIRun.run(["inspect", mniTRF])
        #expect(inspect.status == 0 && inspect.stdout.contains("VMR → VMR affine"), "\(inspect.stderr)")
    }

    @Test func pointTablesTakeAliasesKeepBadRowsAndChooseAtlases() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("peaks.csv")
        try "study;Peak_X;Peak_Y;Peak_Z\na;-50;20;10\nb;-50;twenty;10\nc;0;0;500\nd;-38,5;-22;56\n".write(to: table, atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["where", "--table", table.path, "--atlases", "subcortical,gyri"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "study,Peak_X,Peak_Y,Peak_Z,subcortical,subcortical_nearest,subcortical_distance_mm,gyri,gyri_nearest,gyri_distance_mm,error")
        #expect(lines[1].hasPrefix("a,-50,20,10,") && lines[1].contains("Pars opercularis (left)") && lines[1].hasSuffix(","))
        #expect(lines[2].hasSuffix("row 3: column Peak_Y: \"\"twenty\"\" is not a number\""), "\(lines[2])")
        #expect(lines[3].hasPrefix("c,0,0,500,,,,,,,\"row 4: point (0, 0, 500) in mni is outside the 256×256×256 template"), "\(lines[3])")
        #expect(lines[4].hasPrefix("d,\"-38,5\",-22,56,") && lines[4].contains("Precentral gyrus (left)"), "\(lines[4])")
        let json = try CLIRun.run(["where", "--table", table.path, "--json", "--atlases", "gyri"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 4 && rows[1]["error"] as? String == "row 3: column Peak_Y: \"twenty\" is not a number")
        #expect((rows[0]["atlases"] as? [String: Any])?.keys.sorted() == ["gyri"])
    }
}
