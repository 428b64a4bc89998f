import Foundation
import Testing
@testable import BrainMaps
import BrainAtlas

/// p → statistic conversions against published quantiles, and FDR against a brute-force Benjamini–Hochberg.
@Suite struct ClusterThresholdTests {
    /// Upper-tail quantiles from statistical tables (as scipy's `isf` prints them to 10 decimals).
    @Test func quantilesMatchTableValues() {
        let cases: [(StatisticDistribution, Double, Double)] = [
            (.t(df: 10), 0.025, 2.2281388520), (.t(df: 20), 0.005, 2.8453397098), (.t(df: 1), 0.05, 6.3137515147),
            (.t(df: 57), 0.001, 3.2394780351), (.z, 0.025, 1.9599639845), (.f(df1: 3, df2: 20), 0.05, 3.0983912121),
        ]
        for (d, p, x) in cases {
            #expect(abs(d.threshold(upperTail: p) - x) < 1e-8, "\(d.name) at \(p)")
        }
        #expect(abs(StatisticDistribution.t(df: 57).upperTail(3.5) - 0.000455321160523) < 1e-14)
        #expect(abs(StatisticDistribution.f(df1: 2, df2: 30).upperTail(4.2) - 0.0246519032882) < 1e-12)
        // r with 40 df is t = r·√(40 / (1 − r²)).
        let r = 0.5
        #expect(abs(StatisticDistribution.r(df: 40).upperTail(r) - StatisticDistribution.t(df: 40).upperTail(r * (40 / 0.75).squareRoot())) < 1e-15)
    }

    /// Deterministic values: noise in [−2.5, 2.5] and a block of strong signal.
    static func values(seed: UInt64, count: Int, signal: Int) -> [Float] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { n in n < signal ? Float(3 + 3 * next()) : Float(5 * next() - 2.5) }
    }

    @Test(arguments: [0.01, 0.05, 0.2]) func fdrMatchesABruteForceBenjaminiHochberg(q: Double) throws {
        let values = Self.values(seed: 7, count: 3000, signal: 150)
        let z = StatisticDistribution.z
        let fast = try #require(ThresholdRequest.benjaminiHochberg(values, q: q) { z.upperTail(Double($0)) })
        // Brute force: every voxel's p, sorted ascending; the largest rank k with p(k) ≤ k·q/m; survivors are p ≤ p(k).
        let p = values.map { z.upperTail(Double($0)) }
        let sorted = p.sorted()
        let m = Double(p.count)
        var k = 0
        for rank in 1...sorted.count where sorted[rank - 1] <= Double(rank) * q / m { k = rank }
        try #require(k > 0)
        let survivors = Set(p.indices.filter { p[$0] <= sorted[k - 1] })
        #expect(survivors == Set(values.indices.filter { values[$0] >= fast }))
    }

    static func map(_ values: [Float], statistic: String, df: [Double] = []) -> MapVolume {
        var v = MapVolume(name: "test", values: values, dims: SIMD3(values.count, 1, 1), affine: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]],
                          space: .mni, display: MapDisplay(threshold: 1, upper: 2, statistic: statistic))
        v.degreesOfFreedom = df
        return v
    }

    @Test func pBonferroniAndTheVMPsOwnFDRTable() throws {
        let values = Self.values(seed: 3, count: 1000, signal: 40) + [Float](repeating: 0, count: 500)
        let map = Self.map(values, statistic: "t", df: [57, 0])
        let uncorrected = try ThresholdRequest(p: 0.001).resolve(for: map)
        #expect(abs(Double(uncorrected.value) - 3.2394780351) < 1e-5)
        #expect(uncorrected.method.contains("uncorrected") && uncorrected.method.contains("t(57)"))
        // Bonferroni over the 1000 non-zero voxels (zeros are outside the mask), two-sided.
        let bonferroni = try ThresholdRequest(p: 0.05, bonferroni: true, twoSided: true).resolve(for: map)
        #expect(abs(StatisticDistribution.t(df: 57).upperTail(Double(bonferroni.value)) * 2 * 1000 - 0.05) < 1e-6)
        #expect(bonferroni.method.contains("1000 in-mask voxels"))
        var own = map
        own.fdrTable = [SIMD3(0.05, 3.7, 4.4), SIMD3(0.01, 4.9, 5.6)]
        let table = try ThresholdRequest(q: 0.01).resolve(for: own)
        #expect(table.value == 4.9 && table.method.contains("own FDR table"))
        let computed = try ThresholdRequest(q: 0.03).resolve(for: own)
        #expect(computed.method.contains("Benjamini–Hochberg"))
    }

    @Test func missingDegreesOfFreedomAndConflictingOptionsNameTheOption() throws {
        let map = Self.map([1, 2, 3], statistic: "t")
        let e1 = try #require(throws: FieldError.self) { try ThresholdRequest(p: 0.01).resolve(for: map) }
        #expect(e1.field == "df" && e1.problem.contains("give {df} N"), "\(e1)")
        #expect(try ThresholdRequest(p: 0.01, df: [12]).resolve(for: map).method.contains("t(12)"))
        #expect(throws: FieldError("threshold", "give one of {threshold}, {p} and {q}, not several")) {
            try ThresholdRequest(value: 3, p: 0.01).resolve(for: map)
        }
        #expect(throws: FieldError("bonferroni", "corrects a {p} value; give {p}")) { try ThresholdRequest(value: 3, bonferroni: true).resolve(for: map) }
        #expect(throws: FieldError("q", value: "1", "must lie between 0 and 1")) { try ThresholdRequest(q: 1).resolve(for: map) }
        let e4 = try #require(throws: FieldError.self) { try ThresholdRequest(p: 0.01).resolve(for: Self.map([1, 2], statistic: "beta")) }
        #expect(e4.field == "p" && e4.problem.contains("t, z, F or r"))
    }
}

/// The template a map's file names is read and said.
@Suite struct MapTemplateTests {
    @Test func bidsNamesAndDescriptionsNameTheTemplate() {
        #expect(MapTemplate.find(in: [("file name", "sub-01_space-MNI152NLin2009cAsym_stat-t.nii.gz")])
                    == MapTemplate(name: "MNI152NLin2009cAsym", source: "file name"))
        #expect(MapTemplate.find(in: [("file name", "zstat1.nii.gz"), ("NIfTI description", "FSL5.0 MNI152NLin6Asym")])?.name == "MNI152NLin6Asym")
        #expect(MapTemplate.find(in: [("file name", "faces_TAL.vmp"), ("map name", "Talairach t map")])?.name == "Talairach")
        #expect(MapTemplate.find(in: [("file name", "blob.nii")]) == nil)
    }
}
