import BrainFormats
import Foundation
import Testing
@testable import BrainMaps

/// A cross-correlation VMP's packed values split into lag and r as bvbabel 0.4.0 splits them.
@Suite struct LagMapTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/maps/lag_map_v6.vmp")

    @Test func decodingSplitsTheIntegerLagFromTheCorrelation() {
        #expect(CrossCorrelationLags.decode(-1.25) == (lag: -2, r: 0.75))
        #expect(CrossCorrelationLags.decode(3.5) == (lag: 3, r: 0.5))
        #expect(CrossCorrelationLags.decode(0) == (lag: 0, r: 0))
        #expect(CrossCorrelationLags.decode(.nan) == (lag: 0, r: 0))
    }

    @Test func aLagMapIsReadAsItsCorrelationsWithTheLagsBeside() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lag-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The fixture's name states no space; the same bytes named as an MNI map can be looked up.
        let named = dir.appendingPathComponent("lag_map_v6_MNI.vmp")
        try FileManager.default.copyItem(at: Self.fixture, to: named)
        let map = try MapVolume.load(named)
        let lags = try #require(map.lags)
        #expect(map.display.statistic == "r")
        // Voxel 17 in file order holds −1.2143714 as bvbabel reads it (EXPECTED.json): lag −2, r 0.7856286.
        #expect(lags[17] == -2 && abs(map.values[17] - 0.7856286) < 1e-6)
        let raw = (try FormatRegistry.read(Self.fixture) as! VMPFile).mapValues(0).floats
        #expect(raw.count == map.values.count)
        for i in raw.indices {
            #expect(lags[i] + map.values[i] == raw[i] && map.values[i] >= 0 && map.values[i] < 1 && lags[i] == lags[i].rounded())
        }
        // 49 stored values are non-zero; a whole-number value would decode to r = 0, and none is.
        #expect(map.values.filter { $0 != 0 }.count == 49)
    }
}
