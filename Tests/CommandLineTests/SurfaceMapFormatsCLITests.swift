import BrainFormats
import Foundation
import Testing

/// Surface maps outside BrainVoyager: FreeSurfer curv-format maps on the bundled mesh, and an fsaverage map on the
/// bundled fsaverage6 mesh through its first 40 962 vertices.
@Suite struct SurfaceMapFormatsCLITests {
    /// FreeSurfer's "new" curv layout: FF FF FF, vertex and face counts, 1 value per vertex, big-endian floats.
    static func curv(_ values: [Float]) -> Data {
        var data = Data([0xFF, 0xFF, 0xFF])
        for n in [Int32(values.count), 0, 1] { withUnsafeBytes(of: n.bigEndian) { data.append(contentsOf: $0) } }
        for v in values { withUnsafeBytes(of: v.bitPattern.bigEndian) { data.append(contentsOf: $0) } }
        return data
    }

    @Test func anFsaverageMapGivesTheClustersOfItsFsaverage6Part() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, _, _, values) = try SurfaceClustersCLITests.blobSMP(in: dir)
        let fs6 = dir.appendingPathComponent("lh.blob_fs6")
        try Self.curv(values).write(to: fs6)
        // fsaverage's finer vertices follow the first 40 962; values there above the threshold must not count.
        let fsaverage = dir.appendingPathComponent("lh.blob_fsaverage")
        try Self.curv(values + [Float](repeating: 8, count: 163_842 - values.count)).write(to: fsaverage)
        let a = try CLIRun.run(["clusters", fs6.path, "--mesh", "pial-left", "--threshold", "3", "--json"])
        let b = try CLIRun.run(["clusters", fsaverage.path, "--mesh", "pial-left", "--threshold", "3", "--json"])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        let ca = try #require(a.json?["clusters"] as? [[String: Any]]), cb = try #require(b.json?["clusters"] as? [[String: Any]])
        #expect(!ca.isEmpty && ca.count == cb.count)
        for (x, y) in zip(ca, cb) {
            #expect(x["vertices"] as? Int == y["vertices"] as? Int && x["areaMm2"] as? Double == y["areaMm2"] as? Double)
            #expect((x["peak"] as? [String: Any])?["vertex"] as? Int == (y["peak"] as? [String: Any])?["vertex"] as? Int)
        }
        // Another count is no fsaverage family member and is refused with both counts.
        let odd = dir.appendingPathComponent("lh.odd")
        try Self.curv(Array(values.prefix(1000))).write(to: odd)
        let refused = try CLIRun.run(["clusters", odd.path, "--mesh", "pial-left", "--threshold", "3"])
        #expect(refused.status != 0 && refused.errorMessage?.contains("1000 vertex values") == true, "\(refused.stderr)")
        // A surface map is not a volume map.
        let volume = try CLIRun.run(["clusters", fs6.path, "--threshold", "3"])
        #expect(volume.status != 0 && volume.errorMessage?.contains("--mesh") == true, "\(volume.stderr)")
    }
}
