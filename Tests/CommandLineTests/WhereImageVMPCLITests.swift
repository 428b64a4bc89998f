import Foundation
import Testing

/// `where --image` of a VMP: an MNI VMP by its name, a native one through its TRF, voxel ↔ MNI both ways.
@Suite struct WhereImageVMPCLITests {
    @Test func aVMPsMapVoxelsAndMNIPointsGoBothWays() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vmp = try MapsCLITests.blobMNIVMP(in: dir)
        let forward = try CLIRun.run(["where", "-50", "20", "10", "--image", vmp.path, "--json"])
        #expect(forward.status == 0, "\(forward.stderr)")
        let voxel = try #require(forward.json?["imageVoxel"] as? [Int])
        let back = try CLIRun.run(["where"] + voxel.map(String.init) + ["--space", "voxel", "--image", vmp.path, "--json"])
        #expect(back.json?["mni"] as? [Double] == [-50, 20, 10], "\(back.stdout) \(back.stderr)")
        // The same bytes under a native name: refused alone, placed through the subject's MNI normalisation.
        let native = dir.appendingPathComponent("blob.vmp")
        try FileManager.default.copyItem(at: vmp, to: native)
        let refused = try CLIRun.run(["where", "0", "0", "0", "--image", native.path])
        #expect(refused.status != 0 && refused.errorMessage?.contains("native") == true, "\(refused.stderr)")
        let trf = CLIRun.repository.appendingPathComponent("Tests/Fixtures/bv/bvbabel/trf/sub-test06_fileversion-8_transformationtype2_cMNI_a12.trf")
        // The a12 normalisation moves and scales the head, so the point lies at another voxel of the native grid.
        let placed = try CLIRun.run(["where", "-50", "20", "10", "--image", native.path, "--trf", trf.path, "--json"])
        #expect(placed.status == 0, "\(placed.stderr)")
        let nativeVoxel = try #require(placed.json?["imageVoxel"] as? [Int], "\(placed.stdout)")
        #expect(nativeVoxel != voxel)
    }
}
