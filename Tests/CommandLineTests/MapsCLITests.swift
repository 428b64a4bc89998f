import Foundation
import Testing

/// `clusters`, `where --table` and map conversions through the real executable and the bundled atlases.
@Suite struct MapsCLITests {
    /// A 2 mm MNI NIfTI (31 × 37 × 31, i right to left) with one Gaussian blob (height 6, σ 3 mm) at `peak`.
    /// The blob map written as an MNI VMP in `dir` by `convert` (the path a BrainVoyager user has).
    static func blobMNIVMP(in dir: URL) throws -> URL {
        let nii = dir.appendingPathComponent("blob.nii")
        try blobNIfTI(peak: SIMD3(-50, 20, 10)).write(to: nii)
        let vmp = dir.appendingPathComponent("blob_MNI.vmp")
        #expect(try CLIRun.run(["convert", nii.path, vmp.path]).status == 0)
        return vmp
    }

    static func blobNIfTI(peak: SIMD3<Double>) -> Data {
        blobsNIfTI([(peak, 6)], dims: SIMD3(31, 37, 31), origin: peak - SIMD3(-30, 36, 30))  // voxel (15, 18, 15) is the peak
    }

    /// A 2 mm MNI NIfTI of `dims` (i right to left, voxel 0 at MNI `origin`), float32, with Gaussian blobs
    /// (σ 3 mm) of the given heights at the given MNI points.
    static func blobsNIfTI(_ blobs: [(peak: SIMD3<Double>, height: Double)], dims: SIMD3<Int>, origin: SIMD3<Double>) -> Data {
        var header = [UInt8](repeating: 0, count: 352)
        func put<T>(_ value: T, _ offset: Int) { withUnsafeBytes(of: value) { header.replaceSubrange(offset..<(offset + $0.count), with: $0) } }
        put(Int32(348).littleEndian, 0)
        for (n, d) in [3, dims.x, dims.y, dims.z, 1, 1, 1, 1].enumerated() { put(Int16(d).littleEndian, 40 + 2 * n) }
        put(Int16(16).littleEndian, 70); put(Int16(32).littleEndian, 72)
        for (n, v) in [Float(1), 2, 2, 2].enumerated() { put(v.bitPattern.littleEndian, 76 + 4 * n) }
        put(Float(352).bitPattern.littleEndian, 108); put(Float(1).bitPattern.littleEndian, 112)
        put(Int16(4).littleEndian, 254)
        let rows: [Float] = [-2, 0, 0, Float(origin.x), 0, 2, 0, Float(origin.y), 0, 0, 2, Float(origin.z)]
        for (n, v) in rows.enumerated() { put(v.bitPattern.littleEndian, 280 + 4 * n) }
        header.replaceSubrange(344..<348, with: Array("n+1\0".utf8))
        var data = Data(header)
        for k in 0..<dims.z { for j in 0..<dims.y { for i in 0..<dims.x {
            let p = origin + SIMD3(Double(-2 * i), Double(2 * j), Double(2 * k))
            let v = Float(blobs.reduce(0.0) { sum, b in let d = p - b.peak; return sum + b.height * exp(-(d * d).sum() / 18) })
            withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        } } }
        return data
    }

    @Test func clustersFindsTheBlobAndNamesItsPeakAsWhereDoes() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nii = dir.appendingPathComponent("blob.nii")
        try Self.blobNIfTI(peak: SIMD3(-50, 20, 10)).write(to: nii)
        let run = try CLIRun.run(["clusters", nii.path, "--threshold", "4", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let clusters = try #require(run.json?["clusters"] as? [[String: Any]])
        #expect(clusters.count == 1)
        let peak = try #require(clusters.first?["peak"] as? [String: Any])
        #expect(peak["mni"] as? [Double] == [-50, 20, 10])
        // 6·exp(−r²/18) ≥ 4 ⇔ r² ≤ 18 ln 1.5 = 7.3 mm²: the centre and its 6 face neighbours at 2 mm.
        #expect(clusters.first?["voxels"] as? Int == 7)
        let whereRun = try CLIRun.run(["where", "-50", "20", "10", "--json"])
        let expected = try #require(whereRun.json?["atlases"] as? [String: Any])
        let got = try #require((peak["atlases"] as? [String: Any])?["atlases"] as? [String: Any])
        #expect(NSDictionary(dictionary: got).isEqual(to: expected))
        let csv = try CLIRun.run(["clusters", nii.path, "--threshold", "4", "--csv"])
        #expect(csv.stdout.hasPrefix("cluster,sign,voxels,size_mm3,peak_x,peak_y,peak_z,peak_value,com_x,com_y,com_z,maxima,"))
        #expect(csv.stdout.contains("\n1,positive,7,56,-50,20,10,6,-50,20,10,1,"))

        let native = dir.appendingPathComponent("blob.vmp")
        #expect(try CLIRun.run(["convert", nii.path, native.path]).status == 0)
        let refused = try CLIRun.run(["clusters", native.path, "--threshold", "3"])
        #expect(refused.status != 0 && refused.errorMessage?.contains("_MNI.vmp") == true, "\(refused.stderr)")
    }

    @Test func whereTableKeepsColumnsAndAddsEveryAtlas() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("peaks.tsv")
        try "label\tx\ty\tz\nbroca\t-50\t20\t10\n".write(to: table, atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["where", "--table", table.path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("label,x,y,z,lobes,lobes_nearest,lobes_distance_mm,gyri,"))
        #expect(lines[1].hasPrefix("broca,-50,20,10,Frontal lobe (left),,0,Pars opercularis (left),,0,"))
    }
}

/// `where --image`: a NIfTI's voxel indices in and out, beside the template's BrainVoyager voxel.
@Suite struct ImageVoxelCLITests {
    static let image = CLIRun.repository.appendingPathComponent("Tests/Fixtures/maps/blob_mni_2mm.nii.gz").path

    @Test func imageVoxelsGoThroughTheImageAffine() throws {
        // The 2 mm MNI grid: x = 90 − 2i, y = −126 + 2j, z = −72 + 2k.
        let byVoxel = try CLIRun.run(["where", "25", "63", "61", "--space", "voxel", "--image", Self.image, "--json"])
        #expect(byVoxel.status == 0, "\(byVoxel.stderr)")
        #expect(byVoxel.json?["mni"] as? [Double] == [40, 0, 50])
        #expect(byVoxel.json?["imageVoxel"] as? [Int] == [25, 63, 61])
        let plain = try CLIRun.run(["where", "40", "0", "50", "--json"])
        #expect(byVoxel.json?["voxel"] as? [Int] == plain.json?["voxel"] as? [Int])
        #expect(NSDictionary(dictionary: try #require(byVoxel.json?["atlases"] as? [String: Any]))
                    .isEqual(to: try #require(plain.json?["atlases"] as? [String: Any])))

        let byMNI = try CLIRun.run(["where", "-41", "-20.4", "50.9", "--image", Self.image, "--json"])
        #expect(byMNI.json?["imageVoxel"] as? [Int] == [66, 53, 61])
        #expect(byMNI.json?["image"] as? String == "blob_mni_2mm.nii.gz")
        let outside = try CLIRun.run(["where", "0", "0", "120", "--image", Self.image, "--json"])
        #expect(outside.status == 0 && outside.json?.keys.contains("imageVoxel") == true && outside.json?["imageVoxel"] is NSNull)

        for (arguments, text) in [(["91", "0", "0", "--space", "voxel"], "voxel i = 91"), (["1.5", "0", "0", "--space", "voxel"], "voxel i = 1.5"),
                                  (["0", "0", "0"], "missing.nii")] {
            let image = text == "missing.nii" ? "missing.nii" : Self.image
            let bad = try CLIRun.run(["where"] + arguments + ["--image", image])
            #expect(bad.status != 0 && bad.errorMessage?.contains(text) == true, "\(arguments): \(bad.stderr)")
        }
    }
}
