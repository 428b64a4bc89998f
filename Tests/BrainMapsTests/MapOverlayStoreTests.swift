import Foundation
import Testing
@testable import BrainMaps

/// The store reads each map file once, keeps the latest overlays, and gives what `MapOverlay.load` gives.
@Suite struct MapOverlayStoreTests {
    static let blobs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/maps/viewer_blobs_mni_3mm.nii.gz").path

    static func options(_ threshold: Double, clusterMin: Double = 6000) -> OverlayOptions {
        var o = OverlayOptions()
        o.file = blobs
        o.threshold = [threshold]
        o.twoSided = true
        o.clusterMinMm3 = clusterMin
        return o
    }

    @Test func readsOnceAndEqualsALoad() throws {
        let store = MapOverlayStore()
        // More thresholds than it keeps overlays: each is thresholded anew, the file is still read once.
        for t in stride(from: 1.0, through: 3.0, by: 0.2) {
            let kept = try store.overlay(Self.options(t))
            let loaded = try MapOverlay.load(Self.options(t))
            #expect(kept.values == loaded.values && kept.threshold == loaded.threshold && kept.signs == loaded.signs)
        }
        _ = try store.overlay(Self.options(3.0))
        #expect(store.fileReads == 1)
        // The removal differs with the threshold (the negative blob is 5 427 mm³ at 2, 7 992 mm³ at 1.5), so
        // a kept overlay must not stand in for another threshold's.
        let at2 = try store.overlay(Self.options(2)), at15 = try store.overlay(Self.options(1.5))
        #expect(at2.values.min() ?? 0 > -2 && at15.values.min() ?? 0 < -4)
    }

    @Test func aVolumeReadByItsCallerIsNotReadAgain() throws {
        let store = MapOverlayStore()
        store.add(try MapVolume.load(URL(fileURLWithPath: Self.blobs)), file: Self.blobs, map: nil)
        _ = try store.overlay(Self.options(2))
        #expect(store.fileReads == 0)
        var other = Self.options(2)
        other.map = "1"
        _ = try store.overlay(other)
        #expect(store.fileReads == 1, "map \"1\" is its own key: the caller's read was of map nil")
        #expect(throws: (any Error).self) { try store.overlay(Self.options(0)) }
    }
}
