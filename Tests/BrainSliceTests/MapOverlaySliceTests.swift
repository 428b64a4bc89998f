import BrainAtlas
import BrainFormats
import BrainImage
import BrainMaps
import Foundation
import Testing
@testable import BrainSlice

/// The blob fixture (a 2 mm MNI NIfTI, one Gaussian blob of height 8, σ 4 mm, at MNI (−40, −20, 50))
/// sliced on the bundled template.
@Suite(.enabled(if: (try? AtlasLibrary.open()) != nil, "AtlasData not built"))
struct MapOverlaySliceTests {
    /// Tests/Fixtures/maps/blob_mni_2mm.nii.gz (SOURCES.md there).
    static let blob = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/maps/blob_mni_2mm.nii.gz")

    /// A small map whose only frame is the scanner's (sform code 1): native space.
    static func writeNativeMap() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("native-\(UUID().uuidString).nii")
        let image = try NIfTIFile(float32: [Float](repeating: 5, count: 64), dims: [4, 4, 4],
                                  affine: [[2, 0, 0, -4], [0, 2, 0, -4], [0, 0, 2, -4], [0, 0, 0, 1]], sformCode: 1, name: "native.nii")
        try AtomicFile.write(Data(image.encoded()), to: url)
        return url
    }

    static func slice(_ extra: [String: String], map: URL) throws -> SliceResult {
        var given = ["plane": "axial", "mni": "50", "overlay": map.path, "letters": "off", "caption": "off"]
        given.merge(extra) { $1 }
        return try Slicer().render(try SliceRequest(given))
    }

    static func pixel(_ result: SliceResult, mni: SIMD3<Double>) -> RGBA {
        let v = CanonicalFrame.voxel(ofMNI: mni)!
        let p = result.layout.pixel(ofVoxel: SIMD3(v.x, v.y, v.z))
        return result.image[p.x, p.y]
    }

    static func isWarm(_ c: RGBA) -> Bool { c.r == 255 && c.b == 0 }

    @Test func thePeakShowsTheTopColorAndSubThresholdPixelsNone() throws {
        let map = Self.blob
        let result = try Self.slice(["threshold": "3,8"], map: map)
        let peak = Self.pixel(result, mni: SIMD3(-40, -20, 50))
        #expect(peak.r == 255 && peak.g > 230 && peak.b == 0, "near 8: yellow, got \(peak)")
        // 4 mm out the value is 8·e^(−0.5) = 4.85: between red and yellow.
        let flank = Self.pixel(result, mni: SIMD3(-40, -16, 50))
        #expect(Self.isWarm(flank) && flank.g > 60 && flank.g < 150, "4.85 on 3…8, got \(flank)")
        // 8 mm out: 8·e^(−2) = 1.08 < 3, and the mirror point has no blob.
        for p in [SIMD3<Double>(-40, -12, 50), SIMD3(40, -20, 50)] {
            #expect(!Self.isWarm(Self.pixel(result, mni: p)), "\(p) is below threshold")
        }
        // A threshold above the peak hides it.
        let hidden = try Self.slice(["threshold": "9"], map: map)
        #expect(!Self.isWarm(Self.pixel(hidden, mni: SIMD3(-40, -20, 50))))
        // The colour bar widens the image beside the slice.
        let plain = try Slicer().render(try SliceRequest(["plane": "axial", "mni": "50", "letters": "off", "caption": "off"]))
        #expect(result.image.width > plain.image.width && result.image.height == plain.image.height)
    }

    @Test func badOverlayInputNamesTheField() throws {
        let map = Self.blob
        func message(_ extra: [String: String], map url: URL = map) -> String {
            do { _ = try Self.slice(extra, map: url); return "" } catch { return "\(error)" }
        }
        #expect(message(["threshold": "abc"]).contains("threshold"))
        #expect(message(["map": "3"]).contains("--map: 3 is not a map"))
        #expect(message([:], map: URL(fileURLWithPath: "/nonexistent/blob.nii")).contains("does not exist"))
        let native = try Self.writeNativeMap()
        defer { try? FileManager.default.removeItem(at: native) }
        #expect(message([:], map: native).contains("scanner"))
        do {
            _ = try SliceRequest(["plane": "axial", "mni": "50", "threshold": "3"])
            Issue.record("a threshold without a map passed")
        } catch { #expect(error.fieldError?.field == "threshold") }
    }
}
