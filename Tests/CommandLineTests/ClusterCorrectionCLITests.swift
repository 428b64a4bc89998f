import Foundation
import Testing

/// `clusters --cluster-alpha`: the Monte Carlo size threshold is applied, stated in text and JSON, and repeatable.
@Suite struct ClusterCorrectionCLITests {
    @Test func theSizeThresholdIsAppliedStatedAndRepeatable() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vmp = try MapsCLITests.blobMNIVMP(in: dir)
        let args = ["clusters", vmp.path, "--p", "0.01", "--df", "20", "--cluster-alpha", "0.05", "--fwhm", "2", "--cluster-iterations", "100"]
        let json = try CLIRun.run(args + ["--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let correction = try #require(json.json?["clusterCorrection"] as? [String: Any])
        let k = try #require(correction["minVoxels"] as? Int)
        #expect(correction["fwhmSource"] as? String == "given" && correction["iterations"] as? Int == 100 && k >= 1)
        #expect(json.json?["minSizeMm3"] as? Double == correction["minMm3"] as? Double)
        for c in try #require(json.json?["clusters"] as? [[String: Any]]) { #expect((c["voxels"] as? Int ?? 0) >= k) }
        let text = try CLIRun.run(args)
        #expect(text.stdout.contains("clusters ≥ \(k) voxels") && text.stdout.contains("Monte Carlo of 100 Gaussian noise fields"), "\(text.stdout)")
        // The same seed gives the same threshold; the settings alone are refused.
        let again = try CLIRun.run(args + ["--json"])
        #expect((again.json?["clusterCorrection"] as? [String: Any])?["minVoxels"] as? Int == k)
        let alone = try CLIRun.run(["clusters", vmp.path, "--threshold", "3", "--fwhm", "8"])
        #expect(alone.status != 0 && alone.errorMessage?.contains("--cluster-alpha") == true, "\(alone.stderr)")
        let few = try CLIRun.run(["clusters", vmp.path, "--threshold", "3", "--df", "20", "--cluster-alpha", "0.001", "--cluster-iterations", "1000"])
        #expect(few.status != 0 && few.errorMessage?.contains("--cluster-iterations") == true, "\(few.stderr)")
    }
}
