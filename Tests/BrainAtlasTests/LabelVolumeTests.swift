import Foundation
import Testing
@testable import BrainAtlas

@Suite struct LabelVolumeTests {
    let gyri = Fixture.atlasData.appendingPathComponent("labels/gyri.lbl.gz")
    let subcortical = Fixture.atlasData.appendingPathComponent("labels/subcortical.lbl.gz")

    @Test func labelsAtVoxelsFollowTheFixtureGeometry() throws {
        let v = try LabelVolume.open(gyri, maxLabel: 4, cacheDirectory: Fixture.tempDir())
        #expect(v.dims == (20, 20, 20) && v.origin == (118, 118, 118) && v.bytesPerLabel == 1)
        #expect(v.label(x: 120, y: 120, z: 135) == 1)   // precentral left
        #expect(v.label(x: 120, y: 120, z: 121) == 3)   // precentral right
        #expect(v.label(x: 137, y: 137, z: 130) == 2)   // superior temporal left, box corner
        #expect(v.label(x: 120, y: 128, z: 135) == 0)   // gap between the rows
        #expect(v.label(x: 117, y: 120, z: 135) == 0)   // just outside the box
        #expect(v.label(x: -5, y: 999, z: 135) == 0)
        let s = try LabelVolume.open(subcortical, maxLabel: 3, cacheDirectory: nil)
        #expect(s.bytesPerLabel == 2)
        #expect(s.label(x: 121, y: 121, z: 130) == 1 && s.label(x: 121, y: 121, z: 128) == 3 && s.label(x: 127, y: 127, z: 126) == 2)
        #expect(s.label(x: 121, y: 121, z: 124) == 0)
    }

    @Test func unpacksOnceIntoTheCacheAndMapsItAfterwards() throws {
        let cache = Fixture.tempDir()
        _ = try LabelVolume.open(gyri, maxLabel: 4, cacheDirectory: cache)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(files.count == 1 && files[0].hasPrefix("gyri-") && files[0].hasSuffix(".lbl"))
        let size = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(files[0]).path)[.size] as? Int
        #expect(size == 36 + 20 * 20 * 20)
        let again = try LabelVolume.open(gyri, maxLabel: 4, cacheDirectory: cache)
        #expect(again.source == gyri.path && again.label(x: 120, y: 120, z: 135) == 1)
    }

    /// Threads that unpack the same atlas at once each write their own temporary copy: none may
    /// truncate a cache file another thread has already mapped (that was a SIGBUS).
    @Test func concurrentFirstOpensShareTheCacheSafely() async throws {
        let cache = Fixture.tempDir()
        let labels = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask { try LabelVolume.open(gyri, maxLabel: 4, cacheDirectory: cache).label(x: 120, y: 120, z: 135) }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(labels.count == 16 && labels.allSatisfy { $0 == 1 })
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(files.count == 1, "temporary copies left behind: \(files)")
    }

    @Test func aRebuiltFileReplacesItsOldCacheCopy() throws {
        let dir = Fixture.tempDir(), cache = Fixture.tempDir()
        let copy = dir.appendingPathComponent("gyri.lbl.gz")
        try FileManager.default.copyItem(at: gyri, to: copy)
        _ = try LabelVolume.open(copy, maxLabel: 4, cacheDirectory: cache)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: copy.path)
        _ = try LabelVolume.open(copy, maxLabel: 4, cacheDirectory: cache)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(files.count == 1 && files[0].hasSuffix("-1000000.lbl"), "\(files)")
    }

    @Test func readOnlyCacheFallsBackToMemory() throws {
        let v = try LabelVolume.open(gyri, maxLabel: 4, cacheDirectory: URL(fileURLWithPath: "/proc/braintutor-no-cache"))
        #expect(v.label(x: 137, y: 137, z: 120) == 4)
    }

    @Test func planeAccessMatchesPointAccess() throws {
        let v = try LabelVolume.open(gyri, maxLabel: 4, cacheDirectory: nil)
        var plane: [UInt16] = []
        for axis in VoxelAxis.allCases {
            v.plane(across: axis, at: 125, into: &plane)
            #expect(plane.count == 256 * 256)
            for (u, w) in [(120, 135), (137, 137), (0, 0), (125, 121)] {
                let expected: Int
                switch axis {
                case .x: expected = v.label(x: 125, y: u, z: w)
                case .y: expected = v.label(x: u, y: 125, z: w)
                case .z: expected = v.label(x: u, y: w, z: 125)
                }
                #expect(Int(plane[u + 256 * w]) == expected)
            }
        }
        #expect(plane.contains(1) || plane.contains(3))
    }

    @Test func voxelsAndNearest() throws {
        let v = try LabelVolume.open(gyri, maxLabel: 4, cacheDirectory: nil)
        // precentral left: x 118…137 (20) × y 118…124 (7) × z 130…137 (8)
        #expect(v.voxels(of: 1).count == 20 * 7 * 8)
        let hit = try #require(v.nearestLabel(x: 125, y: 128, z: 135, radius: 10))
        #expect(hit.label == 2 && hit.distance == 3)      // y 128 → 131 (superior temporal) beats → 124
        #expect(v.nearestLabel(x: 10, y: 10, z: 10, radius: 10) == nil)
    }

    func writeLbl(_ bytes: [UInt8]) throws -> URL {
        let url = Fixture.tempDir().appendingPathComponent("bad.lbl")
        try Data(bytes).write(to: url)
        return url
    }

    func header(dims: (UInt32, UInt32, UInt32), origin: (Int32, Int32, Int32), bpl: UInt32, magic: String = "BTLB") -> [UInt8] {
        var b = Array(magic.utf8)
        for v in [1, dims.0, dims.1, dims.2] { withUnsafeBytes(of: UInt32(v).littleEndian) { b += $0 } }
        for v in [origin.0, origin.1, origin.2] { withUnsafeBytes(of: v.littleEndian) { b += $0 } }
        withUnsafeBytes(of: bpl.littleEndian) { b += $0 }
        return b
    }

    @Test func badFilesGetErrorsNamingFieldAndProblem() throws {
        func failure(_ bytes: [UInt8], maxLabel: Int = 10) throws -> String {
            let url = try writeLbl(bytes)
            do {
                _ = try LabelVolume.open(url, maxLabel: maxLabel, cacheDirectory: nil)
                return "accepted"
            } catch let error as AtlasError {
                #expect(error.description.hasPrefix(url.path + ": "))
                return String(error.description.dropFirst(url.path.count + 2))
            }
        }
        #expect(try failure([1, 2, 3]) == "header: file has 3 bytes, shorter than the 36-byte header")
        #expect(try failure(header(dims: (1, 1, 1), origin: (0, 0, 0), bpl: 1, magic: "XXXX") + [0]) == "magic: not a BTLB label volume")
        // A header claiming 4 billion voxels must be refused, not allocated.
        #expect(try failure(header(dims: (70000, 256, 256), origin: (0, 0, 0), bpl: 1)) == "dims.x: 70000 is not within 1…256")
        #expect(try failure(header(dims: (10, 10, 10), origin: (250, 0, 0), bpl: 1)) == "origin.x: box 250…259 leaves the 0…255 frame")
        #expect(try failure(header(dims: (2, 2, 2), origin: (0, 0, 0), bpl: 3) + [UInt8](repeating: 0, count: 24)) == "bytesPerLabel: 3 (expected 1 or 2)")
        #expect(try failure(header(dims: (2, 2, 2), origin: (0, 0, 0), bpl: 1) + [0, 0, 0]) == "labels: 3 label bytes for a 2×2×2 box of 1-byte labels (expected 8)")
        #expect(try failure(header(dims: (1, 1, 2), origin: (0, 0, 0), bpl: 1) + [0, 11], maxLabel: 10) == "labels: label 11 exceeds the atlas's 10 regions")
    }

    @Test func corruptGzipIsAnError() throws {
        let good = try Data(contentsOf: gyri)
        let url = Fixture.tempDir().appendingPathComponent("cut.lbl.gz")
        try good.prefix(good.count / 2).write(to: url)
        #expect(throws: AtlasError.self) { try LabelVolume.open(url, maxLabel: 4, cacheDirectory: nil) }
    }
}
