import Foundation
import Testing
import BrainAtlas
import BrainFormats
@testable import BrainMaps

@Suite struct MapOverlayTests {
    static func options(_ threshold: [Double]? = nil, twoSided: Bool? = nil, scale: OverlayColorScale? = nil,
                        clusterMin: Double? = nil) -> OverlayOptions {
        var o = OverlayOptions()
        o.file = "blobs.nii"
        o.threshold = threshold
        o.twoSided = twoSided
        o.colorScale = scale
        o.clusterMinMm3 = clusterMin
        return o
    }

    @Test func trilinearValuesReproduceALinearField() throws {
        // value = x + 2y + 3z in MNI mm on the 2 mm grid: trilinear interpolation is exact for it.
        let dims = SIMD3(91, 109, 91)
        let affine: [[Double]] = [[-2, 0, 0, 90], [0, 2, 0, -126], [0, 0, 2, -72]]
        var values = [Float](repeating: 0, count: dims.x * dims.y * dims.z)
        for k in 0..<dims.z { for j in 0..<dims.y { for i in 0..<dims.x {
            values[i + dims.x * (j + dims.y * k)] = Float((90 - 2 * Double(i)) + 2 * (-126 + 2 * Double(j)) + 3 * (-72 + 2 * Double(k)))
        } } }
        let volume = MapVolume(name: "ramp", values: values, dims: dims, affine: affine, space: .mni)
        let overlay = try MapOverlay(volume: volume, options: Self.options([1]))
        for p in [SIMD3<Double>(-40, -20, 50), SIMD3(-39.3, -20.7, 50.9), SIMD3(10.01, 33.3, -5.5)] {
            #expect(abs(Double(overlay.value(atMNI: p)) - (p.x + 2 * p.y + 3 * p.z)) < 1e-3, "at \(p)")
        }
        #expect(overlay.value(atMNI: SIMD3(0, 0, 200)) == 0, "outside the map's box")
    }

    @Test func colorsFollowThresholdSignsAndScale() throws {
        let volume = ClusterFinderTests.blobs([(SIMD3(-40, -20, 50), 8, 4)])
        let positive = try MapOverlay(volume: volume, options: Self.options([3, 8]))
        #expect(positive.color(2.99) == nil)
        #expect(positive.color(3) == SIMD3(255, 0, 0))
        #expect(positive.color(8) == SIMD3(255, 255, 0))
        #expect(positive.color(20) == SIMD3(255, 255, 0), "beyond MAX: the last colour")
        #expect(positive.color(-5) == nil, "one-sided: negatives hidden")
        let both = try MapOverlay(volume: volume, options: Self.options([3, 8], twoSided: true))
        #expect(both.color(-3) == SIMD3(0, 0, 255) && both.color(-8) == SIMD3(0, 255, 255))
        #expect(both.barSegments.map(\.top) == [8, -3] && both.barSegments.map(\.bottom) == [3, -8])
        let cold = try MapOverlay(volume: volume, options: Self.options([3, 8], scale: .cold))
        #expect(cold.color(5) == nil && cold.color(-5) != nil, "cold alone: negatives only")
        let viridis = try MapOverlay(volume: volume, options: Self.options([3, 8], scale: .viridis))
        #expect(viridis.color(3) == SIMD3(68, 1, 84) && viridis.color(8) == SIMD3(253, 231, 37))
    }

    @Test func niftiDefaultsAreAThirdOfTheLargestMagnitude() throws {
        let volume = ClusterFinderTests.blobs([(SIMD3(-40, -20, 50), 9, 4), (SIMD3(30, 20, -10), -6, 3)])
        let overlay = try MapOverlay(volume: volume, options: Self.options())
        #expect(overlay.threshold == 3 && overlay.upper == 9 && overlay.signs == .positive)
        let user = try MapOverlay(volume: volume, options: Self.options([12]))
        #expect(user.upper == 24, "a threshold above the map's MAX: the scale ends at 2T")
    }

    @Test func clusterMinimumRemovesSmallBlobsOnly() throws {
        // A large blob (σ 4, h 8) and a small one (σ 2, h 4) above T = 3.
        let volume = ClusterFinderTests.blobs([(SIMD3(-40, -20, 50), 8, 4), (SIMD3(30, 20, 10), 4, 2)])
        let all = try MapOverlay(volume: volume, options: Self.options([3]))
        #expect(all.value(atMNI: SIMD3(30, 20, 10)) == 4)
        let big = try MapOverlay(volume: volume, options: Self.options([3], clusterMin: 100))
        #expect(big.value(atMNI: SIMD3(30, 20, 10)) == 0)
        #expect(big.value(atMNI: SIMD3(-40, -20, 50)) == 8)
    }

    @Test func surfaceSamplingTakesTheStrongestValueAlongTheInwardNormal() throws {
        let volume = ClusterFinderTests.blobs([(SIMD3(-40, -20, 50), 8, 4)])
        let overlay = try MapOverlay(volume: volume, options: Self.options([3]))
        // A vertex 2 mm above the peak, normal pointing up: the line reaches the peak at 2 mm depth.
        let values = SurfaceMapSampling.values(overlay, positions: [SIMD3(-40, -20, 52), SIMD3(40, -20, 52)],
                                               normals: [SIMD3(0, 0, 1), SIMD3(0, 0, 1)])
        #expect(values[0] == 8)
        #expect(values[1] < 1e-6)
    }

    @Test func badOptionsNameTheirField() throws {
        var o = OverlayOptions()
        o.threshold = [3]
        #expect((try? o.validate()) == nil)
        do { try o.validate() } catch { #expect(error.field == "threshold" && error.description.contains("overlay")) }
        let reversed = Self.options([5, 2])
        #expect(throws: FieldError.self) { try reversed.validate() }
        let negative = Self.options([-1])
        do { try negative.validate(); Issue.record("a negative threshold passed") } catch { #expect(error.field == "threshold") }
        var missing = OverlayOptions()
        missing.file = "/nonexistent/map.nii"
        do { _ = try MapOverlay.load(missing); Issue.record("a missing file loaded") } catch let error as FieldError {
            #expect(error.field == "overlay" && error.description.contains("does not exist"))
        }
    }
}
